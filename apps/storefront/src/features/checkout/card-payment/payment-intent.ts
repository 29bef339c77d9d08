/**
 * The provider's answer to confirming a card, as the page follows it: paid (or being paid: the server is asked
 * next), a 3-D Secure page to go to, or refused with the provider's words (Stripe writes them for buyers).
 */
export type ProviderAnswer = { readonly kind: 'paid' } | { readonly kind: 'authenticate'; readonly url: string } | { readonly kind: 'refused'; readonly message: string };

/** A connection that failed before any answer: nothing was charged (the bundle's Stripe text says so). */
export const PROVIDER_UNREACHABLE = 'error.STEP2_STRIPE_abort';

interface PaymentIntentLike {
  readonly status?: unknown;
  readonly next_action?: { readonly redirect_to_url?: { readonly url?: unknown } | null } | null;
  readonly last_payment_error?: { readonly message?: unknown } | null;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * What a PaymentIntent says after a confirm (docs.stripe.com/payments/paymentintents/lifecycle): succeeded,
 * processing or authorised is paid as far as the browser goes; requires_action with a redirect is 3-D Secure;
 * back to requires_payment_method is a refusal with `last_payment_error`.
 */
export function answerOfPaymentIntent(intent: PaymentIntentLike): ProviderAnswer {
  const status = intent.status;
  if (status === 'succeeded' || status === 'processing' || status === 'requires_capture') return { kind: 'paid' };
  const url = text(intent.next_action?.redirect_to_url?.url);
  if (status === 'requires_action' && url) return { kind: 'authenticate', url };
  return { kind: 'refused', message: text(intent.last_payment_error?.message) ?? 'error.STEP2_STRIPE_unexpected' };
}

/** Stripe's error body (`{ error: { code, decline_code, message } }`, HTTP 402 for a declined card). */
export function answerOfStripeError(body: unknown): ProviderAnswer {
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  return { kind: 'refused', message: text(error?.message) ?? 'error.STEP2_STRIPE_unexpected' };
}

/** The PaymentIntent a client secret belongs to: the part before `_secret_`. */
export const paymentIntentIdOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] ?? clientSecret;
