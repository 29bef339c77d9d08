import type { ProviderAnswer } from './payment-intent';
import type { PaymentStatusPoll } from './payment-status-poll';
import { pollPaymentStatus } from './payment-status-poll';

/** What paying by card came to, for the overview to follow. */
export type CardPaymentOutcome =
  /** The server has the money: the overview is confirmed next (it completes the order). */
  | { readonly kind: 'paid' }
  /** The browser is on its way to the bank's 3-D Secure page (it comes back to the processing page). */
  | { readonly kind: 'left' }
  /** init said the order moved meanwhile (paid, expired, refused): the page of its status is shown. */
  | { readonly kind: 'status-changed'; readonly message: string | null }
  /** The card was refused or the payment failed: the provider's words; the form is open for another card. */
  | { readonly kind: 'failed'; readonly message: string }
  /** init itself failed (5xx, no answer, 404): its error, mapped like any refused call. */
  | { readonly kind: 'error'; readonly error: unknown }
  /** The page was left while waiting. */
  | { readonly kind: 'stopped' };

export interface PayByCard extends Omit<PaymentStatusPoll, 'status'> {
  /** POST payment/CREDIT_CARD/init (reference 3.3 item 24): a new one for each attempt. */
  readonly init: () => Promise<{ readonly clientSecret: string | null; readonly reservationStatusChanged: boolean; readonly errorMessage: string | null }>;
  /** Confirms the card at the provider with the client secret (the stand-in in test mode, Stripe.js otherwise). */
  readonly confirm: (clientSecret: string) => Promise<ProviderAnswer>;
  readonly paymentStatus: PaymentStatusPoll['status'];
  /** The reservation's `lastPaymentFailure` in words, read again once the server says the payment failed. */
  readonly failureMessage: () => Promise<string | null>;
  /** Sends the browser to the provider's page. */
  readonly leave: (url: string) => void;
}

/**
 * Spec 4, card payment: init for a client secret, the card confirmed at the provider, then the server asked every
 * second until it has seen the payment succeed or fail. No call here confirms the overview: the caller does, once
 * paid, so a card that was never charged never completes an order.
 */
export async function payByCard(steps: PayByCard): Promise<CardPaymentOutcome> {
  let token;
  try {
    token = await steps.init();
  } catch (error) {
    return { kind: 'error', error };
  }
  if (token.reservationStatusChanged || !token.clientSecret) return { kind: 'status-changed', message: token.errorMessage };
  const answer = await steps.confirm(token.clientSecret);
  if (answer.kind === 'refused') return { kind: 'failed', message: answer.message };
  if (answer.kind === 'authenticate') {
    steps.leave(answer.url);
    return { kind: 'left' };
  }
  const settled = await pollPaymentStatus({ status: steps.paymentStatus, wait: steps.wait, onPoll: steps.onPoll, signal: steps.signal });
  if (settled === 'succeeded') return { kind: 'paid' };
  if (settled === 'stopped') return { kind: 'stopped' };
  return { kind: 'failed', message: (await steps.failureMessage().catch(() => null)) ?? 'error.STEP2_STRIPE_unexpected' };
}
