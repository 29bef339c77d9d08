import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { shortNameParam } from '@ticketing/wire';

/** The event named in the path of get-event, get-ticket-categories, validate-code and check-discount. */
export class ShortNamePathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}
