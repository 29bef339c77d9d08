import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { shortNameParam, uuidParam } from '@ticketing/wire';

export class ReSendEmailPathDto extends createZodDto(
  z.object({
    purchaseContextType: z.enum(['event', 'subscription']),
    publicIdentifier: shortNameParam,
    reservationId: uuidParam,
  }),
) {}
