import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** `UserDefinedOfflinePaymentMethod` (reference 3.3 item 30): an organizer's own offline method, texts per language. */
export const customOfflinePaymentSchema = z
  .object({
    paymentMethodId: z.string(),
    paymentMethodName: z.string(),
    localizations: z.record(z.string(), z.object({ paymentName: z.string(), paymentDescription: z.string(), paymentInstructions: z.string() })),
  })
  .describe('An offline payment method the organizer defined (CUSTOM_OFFLINE), descriptions and instructions as HTML.');

export class CustomOfflinePaymentDto extends createZodDto(customOfflinePaymentSchema) {}
