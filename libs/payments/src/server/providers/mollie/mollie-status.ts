import { PaymentStatus, type Payment } from '@mollie/api-client';
import type { ProviderStatus } from '../payment-provider.js';
import { minorUnitsOf } from './mollie-amount.js';

/** What a card payment's failure carries (credit card, Bancontact); other methods fail without a reason. */
interface FailureDetails {
  readonly failureReason?: string;
  readonly failureMessage?: string;
}

/**
 * Mollie's payment status in the port's terms. `open` waits for the buyer; `pending` and `authorized` come after
 * the buyer is done at the method, while the bank confirms (alf.io shows the waiting page for `pending`, not the
 * redirect again); `expired` is a cancellation where no money was taken.
 */
export function providerStatusOf(payment: Pick<Payment, 'status' | 'amount' | 'details'>): ProviderStatus {
  switch (payment.status) {
    case PaymentStatus.open:
      return { kind: 'pending' };
    case PaymentStatus.pending:
    case PaymentStatus.authorized:
      return { kind: 'processing' };
    case PaymentStatus.paid:
      return { kind: 'succeeded', amount: minorUnitsOf(payment.amount), currency: payment.amount.currency };
    case PaymentStatus.failed: {
      const details = (payment.details ?? {}) as FailureDetails;
      return { kind: 'failed', code: details.failureReason || 'failed', message: details.failureMessage || 'The payment failed.' };
    }
    case PaymentStatus.canceled:
    case PaymentStatus.expired:
      return { kind: 'cancelled' };
    default:
      // a status Mollie added after this was written: no guess about money
      throw new Error(`unknown Mollie payment status: ${String(payment.status)}`);
  }
}
