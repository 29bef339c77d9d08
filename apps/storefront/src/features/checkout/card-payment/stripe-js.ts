/**
 * Stripe.js (https://js.stripe.com/v3/), loaded only when a real Stripe account takes a card: Stripe asks that the
 * script come from its own address, never bundled. The page's CSP allows js.stripe.com only when such an account
 * is configured. The types are the few calls the card field makes.
 */
export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
}

export interface StripeClient {
  elements(options?: { locale?: string }): { create(type: 'card', options?: { hidePostalCode?: boolean }): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: CardBillingDetails } },
  ): Promise<{ paymentIntent?: { status: string; last_payment_error?: { message?: string } | null }; error?: { message?: string } }>;
}

export interface CardBillingDetails {
  name?: string;
  email?: string;
  address?: { line1?: string; line2?: string; postal_code?: string; city?: string; state?: string; country?: string };
}

type StripeFactory = (publishableKey: string, options?: { stripeAccount?: string }) => StripeClient;

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

let loading: Promise<StripeFactory> | undefined;

/** Adds the script once; a failed load can be asked again (the next call adds it anew). */
export function loadStripeJs(): Promise<StripeFactory> {
  return (loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const fail = () => {
      loading = undefined;
      reject(new Error('Stripe.js did not load'));
    };
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  }));
}
