import { answerOfPaymentIntent, answerOfStripeError, paymentIntentIdOf, PROVIDER_UNREACHABLE } from './payment-intent';
import type { ProviderAnswer } from './payment-intent';

export interface TestConfirmRequest {
  /** The stand-in's base URL (`parameters.apiBase`), e.g. http://127.0.0.1:40123. */
  readonly apiBase: string;
  /** The publishable key (`parameters.stripe_p_key`). */
  readonly publishableKey: string;
  readonly clientSecret: string;
  readonly card: { readonly number: string; readonly expMonth: string; readonly expYear: string; readonly cvc: string };
  /** Where 3-D Secure sends the buyer back: the processing page of this reservation. */
  readonly returnUrl: string;
}

/**
 * Confirms the PaymentIntent at the payment test mode's Stripe stand-in the way Stripe.js confirms it at
 * api.stripe.com: a form POST with the publishable key and the client secret, the card as payment_method_data.
 * The page talks to the provider directly (not through this server), so the card never reaches the server.
 */
export async function confirmAtTestProvider(request: TestConfirmRequest, fetchImpl: typeof fetch = fetch): Promise<ProviderAnswer> {
  const id = paymentIntentIdOf(request.clientSecret);
  const body = new URLSearchParams({
    key: request.publishableKey,
    client_secret: request.clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': request.card.number,
    'payment_method_data[card][exp_month]': request.card.expMonth,
    'payment_method_data[card][exp_year]': request.card.expYear,
    'payment_method_data[card][cvc]': request.card.cvc,
    return_url: request.returnUrl,
  });
  let response: Response;
  try {
    response = await fetchImpl(`${request.apiBase.replace(/\/+$/, '')}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
  } catch {
    return { kind: 'refused', message: PROVIDER_UNREACHABLE };
  }
  const json: unknown = await response.json().catch(() => null);
  return response.ok && json ? answerOfPaymentIntent(json) : answerOfStripeError(json);
}
