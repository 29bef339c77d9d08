import type Stripe from 'stripe';
import type { ProviderStatus } from '../payment-provider.js';
import { fromStripeAmount } from './stripe-amount.js';

/**
 * The code a failure is known by: the issuer's reason when it says more than "declined" (`insufficient_funds`,
 * `expired_card`), else Stripe's code (`card_declined`, `payment_intent_authentication_failure`). Stripe gives
 * `generic_decline` for a plain refusal, which says no more than `card_declined` does.
 */
export function failureCode(failure: { readonly code?: string | undefined; readonly decline_code?: string | undefined }): string {
  const declineCode = failure.decline_code;
  return declineCode && declineCode !== 'generic_decline' ? declineCode : (failure.code ?? declineCode ?? 'payment_failed');
}

/** What a PaymentIntent says of the payment (docs.stripe.com/payments/paymentintents/lifecycle). */
export function statusOfPaymentIntent(intent: Stripe.PaymentIntent): ProviderStatus {
  switch (intent.status) {
    case 'requires_payment_method': {
      // a new PaymentIntent waits for its card; after a decline or a failed 3-D Secure it waits for another,
      // and says why the last one failed
      const failure = intent.last_payment_error;
      return failure ? { kind: 'failed', code: failureCode(failure), message: failure.message ?? '' } : { kind: 'pending' };
    }
    case 'requires_confirmation':
    case 'requires_action':
      return { kind: 'pending' };
    case 'processing':
      return { kind: 'processing' };
    case 'requires_capture':
    case 'succeeded':
      // requires_capture: authorised, taken on capture; the amount is then what was authorised
      return { kind: 'succeeded', amount: fromStripeAmount(intent.amount_received || intent.amount, intent.currency), currency: intent.currency.toUpperCase() };
    case 'canceled':
      return { kind: 'cancelled' };
    default:
      // a status this API version does not know yet: not paid, and not worth failing the attempt over
      return { kind: 'pending' };
  }
}
