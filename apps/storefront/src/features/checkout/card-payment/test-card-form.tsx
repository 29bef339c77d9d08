import type { Ref } from 'react';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useEffect, useId, useImperativeHandle, useState } from 'react';
import { useTranslate } from '../../i18n';
import type { CardDetails, CardField } from './card-details';
import { CARD_FIELDS, cardComplete, cardFieldError, cardForProvider, EMPTY_CARD } from './card-details';
import type { StripeParameters } from './card-provider';
import { processingPageUrl } from './card-provider';
import type { CardPaymentOutcome } from './pay-by-card';
import type { ProviderAnswer } from './payment-intent';
import { confirmAtTestProvider } from './test-provider';

export interface CardPaymentHandle {
  readonly pay: () => Promise<CardPaymentOutcome>;
}

interface Props {
  readonly stripe: StripeParameters;
  readonly context: PurchaseContextRef;
  readonly reservationId: string;
  readonly busy: boolean;
  readonly onReadyChange: (ready: boolean) => void;
  readonly pay: (confirm: (clientSecret: string) => Promise<ProviderAnswer>) => Promise<CardPaymentOutcome>;
  readonly handle: Ref<CardPaymentHandle | null>;
}

const LABELS: Readonly<Record<CardField, string>> = {
  number: 'reservation-page.card-number',
  expMonth: 'reservation-page.expiration-month',
  expYear: 'reservation-page.expiration-year',
  cvc: 'reservation-page.cvc',
};
const AUTOCOMPLETE: Readonly<Record<CardField, string>> = { number: 'cc-number', expMonth: 'cc-exp-month', expYear: 'cc-exp-year', cvc: 'cc-csc' };
const MAX_LENGTH: Readonly<Record<CardField, number>> = { number: 23, expMonth: 2, expYear: 4, cvc: 4 };
/** Stripe's test cards the stand-in knows (docs.stripe.com/testing): paid, 3-D Secure, declined. */
const TEST_CARDS = ['4242 4242 4242 4242', '4000 0025 0000 3155', '4000 0000 0000 0002'] as const;

function today() {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/**
 * The card form of payment test mode (no provider keys: the server pays through a local Stripe stand-in). Clearly
 * labelled as a test; the card goes from the page to the stand-in as Stripe.js would send it to Stripe, never to
 * this server. A field's error shows under it once the buyer has left it, tied by aria-describedby.
 */
export function TestCardForm({ stripe, context, reservationId, busy, onReadyChange, pay, handle }: Props) {
  const t = useTranslate();
  const id = useId();
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const [touched, setTouched] = useState<ReadonlySet<CardField>>(new Set());
  const ready = cardComplete(card, today());
  useEffect(() => onReadyChange(ready), [ready, onReadyChange]);

  useImperativeHandle(
    handle,
    () => ({
      pay: () =>
        pay((clientSecret) =>
          confirmAtTestProvider({
            apiBase: stripe.apiBase ?? '',
            publishableKey: stripe.publishableKey,
            clientSecret,
            card: cardForProvider(card),
            returnUrl: processingPageUrl(window.location.origin, context, reservationId),
          }),
        ),
    }),
    [pay, card, stripe, context, reservationId],
  );

  return (
    <fieldset className="card-form" aria-describedby={`${id}-test`}>
      <legend>{t('reservation-page.card.details')}</legend>
      <div id={`${id}-test`} className="notice notice--warning card-form__test">
        <p>
          <strong>{t('storefront.card.test-mode')}</strong>
        </p>
        <p>{t('storefront.card.test-cards', ...TEST_CARDS)}</p>
      </div>
      <div className="card-form__fields">
        {CARD_FIELDS.map((field) => {
          const inputId = `${id}-${field}`;
          const error = touched.has(field) ? cardFieldError(field, card, today()) : undefined;
          // the booking form's field markup and classes (booking.css, loaded with the overview); not its TextField,
          // which would then be shared with the booking step's chunk and split into one of its own
          return (
            <div key={field} className={`field card-form__${field}`}>
              <label htmlFor={inputId}>
                {t(LABELS[field])}{' '}
                <span className="booking-required" aria-hidden="true">
                  *
                </span>
              </label>
              <input
                id={inputId}
                value={card[field]}
                onChange={(event) => setCard((current) => ({ ...current, [field]: event.target.value }))}
                onBlur={() => setTouched((seen) => new Set(seen).add(field))}
                inputMode="numeric"
                autoComplete={AUTOCOMPLETE[field]}
                maxLength={MAX_LENGTH[field]}
                readOnly={busy}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error ? (
                <p id={`${inputId}-error`} className="field-error">
                  {t(error.code, ...error.args)}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
