import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { validatedResponseSchema } from '@ticketing/wire';
import { paymentProxySchema, reservationPaymentResultSchema } from '../get-reservation/reservation-info.views.js';

export class ReservationPaymentResultResponseDto extends createZodDto(
  validatedResponseSchema(reservationPaymentResultSchema).describe('ValidatedResponse<ReservationPaymentResult>'),
) {}

/** `PaymentForm` (reference 3.3 item 21). */
export const paymentFormSchema = z.object({
  paymentProxy: paymentProxySchema.nullable().optional(),
  selectedPaymentMethod: z
    .union([z.string().max(100), z.object({ paymentMethodId: z.string().max(100), localizations: z.record(z.string(), z.unknown()).optional() })])
    .nullable()
    .optional()
    .describe('A payment method id (BANK_TRANSFER, ON_SITE, ...) or an organizer-defined method.'),
  termAndConditionsAccepted: z.boolean().nullable().optional(),
  privacyPolicyAccepted: z.boolean().nullable().optional(),
  gatewayToken: z.string().max(4096).nullable().optional(),
  hmac: z.string().max(4096).nullable().optional(),
  captcha: z.string().max(4096).nullable().optional(),
});

export class PaymentFormDto extends createZodDto(paymentFormSchema) {}
