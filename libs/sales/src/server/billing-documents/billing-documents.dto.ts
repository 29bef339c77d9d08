import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { shortNameParam, uuidParam } from '@ticketing/wire';

/** `/{purchaseContextType}/{publicIdentifier}/reservation/{reservationId}/...`: the event (or pass) and the order. */
export class BillingDocumentPathDto extends createZodDto(
  z.object({
    purchaseContextType: z.enum(['event', 'subscription']),
    publicIdentifier: shortNameParam,
    reservationId: uuidParam,
  }),
) {}
