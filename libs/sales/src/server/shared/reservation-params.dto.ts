import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { langParam, uuidParam } from '@ticketing/wire';

/** The path of every call on one reservation. */
export class ReservationIdPathDto extends createZodDto(z.object({ reservationId: uuidParam })) {}

/** `?lang=`: the language of texts in the answer or in the e-mail a call sends. */
export class LangQueryDto extends createZodDto(z.object({ lang: langParam })) {}
