import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** `UserDefinedOfflinePaymentMethod` (reference 2, items 30-31): an organizer's own offline method, texts per language. */
export const userDefinedOfflinePaymentMethodSchema = z
  .object({
    paymentMethodId: z.string().describe('The method (a UUID).'),
    localizations: z.record(z.string(), z.object({ paymentName: z.string(), paymentDescription: z.string(), paymentInstructions: z.string() })),
    deleted: z.boolean(),
  })
  .describe('An offline payment method the organizer defined (CUSTOM_OFFLINE), descriptions and instructions as HTML.');

export class UserDefinedOfflinePaymentMethodDto extends createZodDto(userDefinedOfflinePaymentMethodSchema) {}
