import type { Ref } from 'react';
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useLanguage, useTranslate } from '../../i18n';
import type { StripeParameters } from './card-provider';
import type { CardPaymentOutcome } from './pay-by-card';
import { answerOfPaymentIntent, PROVIDER_UNREACHABLE } from './payment-intent';
import type { ProviderAnswer } from './payment-intent';
import type { CardBillingDetails, StripeCardElement, StripeClient } from './stripe-js';
import { loadStripeJs } from './stripe-js';
import type { CardPaymentHandle } from './test-card-form';

interface Props {
  readonly stripe: StripeParameters;
  readonly billing: CardBillingDetails;
  readonly onReadyChange: (ready: boolean) => void;
  readonly pay: (confirm: (clientSecret: string) => Promise<ProviderAnswer>) => Promise<CardPaymentOutcome>;
  readonly handle: Ref<CardPaymentHandle | null>;
}

/**
 * A real Stripe account: Stripe.js is loaded now (and only now), its card Element mounted under a visible label;
 * the Element reports when the card is complete and says what is wrong with it. Stripe.js runs 3-D Secure in its
 * own frame, so confirming either pays or refuses.
 */
export function StripeCardField({ stripe, billing, onReadyChange, pay, handle }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const id = useId();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [client, setClient] = useState<{ stripe: StripeClient; card: StripeCardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let active = true;
    loadStripeJs().then(
      (factory) => {
        if (!active || !mountPoint.current) return;
        const instance = factory(stripe.publishableKey, stripe.connectedAccount ? { stripeAccount: stripe.connectedAccount } : undefined);
        card = instance.elements({ locale: lang }).create('card', { hidePostalCode: true });
        card.on('change', (event) => {
          onReadyChange(event.complete);
          setError(event.error?.message ?? null);
        });
        card.mount(mountPoint.current);
        setClient({ stripe: instance, card });
      },
      () => active && setError(t(PROVIDER_UNREACHABLE)),
    );
    return () => {
      active = false;
      card?.destroy();
      onReadyChange(false);
    };
    // the Element is made once per account and language; the callbacks are read when called
  }, [stripe.publishableKey, stripe.connectedAccount, lang]);

  useImperativeHandle(
    handle,
    () => ({
      pay: () =>
        pay(async (clientSecret): Promise<ProviderAnswer> => {
          if (!client) return { kind: 'refused', message: PROVIDER_UNREACHABLE };
          const result = await client.stripe.confirmCardPayment(clientSecret, { payment_method: { card: client.card, billing_details: billing } });
          if (result.error || !result.paymentIntent) return { kind: 'refused', message: result.error?.message ?? 'error.STEP2_STRIPE_unexpected' };
          return answerOfPaymentIntent(result.paymentIntent);
        }),
    }),
    [pay, client, billing],
  );

  return (
    <div className="field card-form">
      <span id={`${id}-label`} className="card-form__label">
        {t('reservation-page.card.details')}
      </span>
      <div ref={mountPoint} className="card-form__element" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} />
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
