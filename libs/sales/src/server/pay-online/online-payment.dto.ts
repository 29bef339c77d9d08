import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { identifier, uuidParam } from '@ticketing/wire';
import { reservationPaymentResultSchema } from '../get-reservation/reservation-info.views.js';

/** `{method}` of the payment calls: a static payment method name (reference 3.3 item 24: anything else is 400). */
export const staticPaymentMethodSchema = z.enum([
  'CREDIT_CARD', 'PAYPAL', 'IDEAL', 'BANK_TRANSFER', 'ON_SITE', 'NONE', 'APPLE_PAY', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS', 'KBC', 'PRZELEWY_24', 'ALIPAY', 'POSTFINANCE', 'TWINT',
]);

export class PaymentMethodPathDto extends createZodDto(z.object({ reservationId: uuidParam, method: staticPaymentMethodSchema })) {}
export class LegacyEventPaymentMethodPathDto extends createZodDto(z.object({ eventName: identifier(255), reservationId: uuidParam, method: staticPaymentMethodSchema })) {}
export class LegacyEventReservationPathDto extends createZodDto(z.object({ eventName: identifier(255), reservationId: uuidParam })) {}
/** What a provider adds to the return URL; `cancelled=true` when the buyer cancelled on its page (PayPal). Others are ignored. */
export class ReturnQueryDto extends createZodDto(z.looseObject({ cancelled: z.enum(['true', 'false']).optional() })) {}
export class AttemptPathDto extends createZodDto(z.object({ attemptId: uuidParam })) {}

/** `TransactionInitializationToken` (reference 2): what the browser confirms a card payment with. */
export const transactionInitializationTokenSchema = z.object({
  token: z.string().nullable().describe('The payment at the provider (Stripe: the PaymentIntent id).'),
  clientSecret: z.string().nullable(),
  paymentMethod: z.string(),
  paymentProvider: z.string(),
  errorMessage: z.string().nullable(),
  reservationStatusChanged: z.boolean(),
});
export class TransactionInitializationTokenDto extends createZodDto(transactionInitializationTokenSchema) {}

export class ReservationPaymentResultDto extends createZodDto(reservationPaymentResultSchema) {}

/** `PaymentResult` (reference 2, legacy and force-check): all flags false while the payment is pending. */
export const paymentResultSchema = z.object({
  redirectUrl: z.string().nullable(),
  successful: z.boolean(),
  failed: z.boolean(),
  initialized: z.boolean(),
  redirect: z.boolean(),
  gatewayIdOrNull: z.string().nullable(),
});
export class PaymentResultDto extends createZodDto(paymentResultSchema) {}
