import type { FormEvent } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePurchaseContextSuspense } from '../../../api/purchase-context-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useReservationInfoSuspense } from '../../../api/reservation-queries';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ErrorSummary, invoiceModeOf, StepIndicator, ValidityCountdown } from '../../booking';
import { useLocalized, useTranslate } from '../../i18n';
import { useLazyParts } from '../../../app/lazy-part';
import { cancelReservationDialog, expiredDialog, preloadCheckoutDialogs } from '../checkout-dialog-parts';
import { cardPayment, heldPayment, recaptcha, subscriptionCode } from '../checkout-payment-parts';
import { useBackToBooking } from '../hooks/use-back-to-booking';
import { useBackToEvent } from '../hooks/use-back-to-event';
import { useCancelReservation } from '../hooks/use-cancel-reservation';
import { useCountries } from '../hooks/use-countries';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { usePayOverview } from '../hooks/use-pay-overview';
import type { ReservationSearch } from '../../../app/search-params';
import type { OverviewFormValues } from '../model/overview-rules';
import { canConfirm, captchaKeyOf, paymentFormOf } from '../model/overview-rules';
import { offeredPaymentMethods, paymentFlowOf } from '../model/payment-methods';
import { isEmbedded } from '../../embedding';
import type { RecaptchaHandle } from '../../../components/recaptcha/recaptcha-widget';
import { BuyerSummary } from './buyer-summary';
import { ConsentCheckbox } from './consent-checkbox';
import { OrderSummaryTable } from '../../../components/order-summary-table';
import { PaymentMethodSelector } from './payment-method-selector';
import { ReservationHeading } from './reservation-heading';
import '../checkout.css';

interface Props {
  /** The event or the subscription the reservation buys. */
  readonly context: PurchaseContextRef;
  readonly reservationId: string;
  readonly search: ReservationSearch;
  readonly now?: () => number;
}

/**
 * Step 3 (spec 2, Overview step): the summary, the buyer's details with edit or request-invoice, the way to pay
 * (none for a free order; a card through the card part), terms and privacy, then confirm. Back returns to the
 * booking step (or cancels once expired); cancel asks first. While a payment is submitted, leaving asks first.
 */
export function OverviewPage({ context, reservationId, search, now = Date.now }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const info = useReservationInfoSuspense(reservationId);
  const event = usePurchaseContextSuspense(context);
  const countries = useCountries();

  const free = info.orderSummary.free;
  const methods = useMemo(() => (free ? [] : offeredPaymentMethods(info)), [free, info]);
  const privacyUrl = event.privacyPolicyUrl ?? null;
  const [values, setValues] = useState<OverviewFormValues>(() => ({
    // A single way to pay needs no choosing; a held payment token (spec 4) comes with its method and the terms.
    method: methods.length === 1 ? methods[0]!.method : null,
    termsAccepted: info.tokenAcquired,
    privacyAccepted: info.tokenAcquired,
  }));
  const [expired, setExpired] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [cardReady, setCardReady] = useState(false);
  const onCardReady = useCallback((ready: boolean) => setCardReady(ready), []);
  const errorsRef = useRef<HTMLDivElement>(null);

  // A single way to pay needs no choosing, also when it comes back with the total (a pass taken off the order).
  const method = values.method ?? (methods.length === 1 ? methods[0]!.method : null);
  const form = { ...values, method };
  const chosen = methods.find((m) => m.method === method);
  const flow = paymentFlowOf(chosen);
  const captchaKey = captchaKeyOf(chosen, free, event.captchaConfiguration);
  const captcha = useRef<RecaptchaHandle>({ token: null });
  const offersCard = methods.some((m) => paymentFlowOf(m) === 'card');
  // the card part loads as soon as a card is offered; the page waits for it only when it opens with the card chosen
  // Spec 2 and 6: a pass may pay for a ticket of an event linked to passes (not for a pass itself); once applied it
  // can be taken off, and an order that is free without one has nothing for it to pay.
  const passApplied = info.orderSummary.summary.some((row) => row.type === 'APPLIED_SUBSCRIPTION');
  const passOffered = context.type === 'event' && event.canApplySubscriptions && (passApplied || !free);
  useLazyParts(flow === 'card' && cardPayment, info.tokenAcquired && !free && heldPayment, passOffered && subscriptionCode);
  useEffect(() => {
    if (offersCard) void cardPayment.preload();
  }, [offersCard]);

  const confirmation = usePayOverview(context, reservationId, info.lastPaymentFailure);
  const booking = useBackToBooking(context, reservationId, search);
  const cancellation = useCancelReservation(context, reservationId, search);
  const backToEvent = useBackToEvent(context, search);

  const title = localize(event.title, event.contentLanguages) || event.displayName;
  const step = free ? t('breadcrumb.step3.free') : t('breadcrumb.step3');
  useDocumentTitle(`${step} - ${title}`);

  const ready = canConfirm(form, { expired, free, privacyRequired: privacyUrl !== null, paymentReady: flow !== 'card' || cardReady });
  const busy = submitting || confirmation.pending || booking.pending;
  useLeaveWarning(submitting);
  const invoiceMode = invoiceModeOf(event.invoicingConfiguration, free);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setSubmitting(true);
    const done = await confirmation.pay(flow, paymentFormOf(form, methods, free, captchaKey ? captcha.current.token : null));
    if (!done) {
      setSubmitting(false);
      // a token is verified once: after any refusal a new one is needed
      captcha.current.reset?.();
      errorsRef.current?.scrollIntoView?.({ block: 'center' });
    }
  };

  return (
    // The visitor's first move on the page loads the dialogs (cancel, expired) their actions may open.
    <div className="checkout-page" onFocus={preloadCheckoutDialogs} onPointerDown={preloadCheckoutDialogs}>
      <StepIndicator current={3} free={free} paymentInProgress={submitting && !free} />
      <ReservationHeading title={step} eventTitle={title} shortId={info.shortId} />
      <ValidityCountdown expiresAt={info.validity} now={now} onExpired={() => setExpired(true)} />

      <section className="booking-section" aria-labelledby="overview-summary-heading">
        <h2 id="overview-summary-heading">{t('reservation-page.title')}</h2>
        <OrderSummaryTable summary={info.orderSummary} currency={event.currency} vatIncluded={event.vatIncluded} />
      </section>

      <BuyerSummary
        info={info}
        countries={countries}
        busy={busy}
        contactHidden={info.metadata.hideContactData && isEmbedded(event.embeddingConfiguration)}
        onEdit={expired ? undefined : () => void booking.back()}
        onRequestInvoice={!expired && invoiceMode === 'on-request' && !info.invoiceRequested ? () => void booking.back({ requestInvoice: true }) : undefined}
      />

      {passOffered ? <subscriptionCode.Part reservationId={reservationId} email={info.email} applied={passApplied} disabled={busy || expired} /> : null}

      <form className="booking-section checkout-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="overview-confirm-heading">
        <h2 id="overview-confirm-heading" className={free ? 'visually-hidden' : undefined}>
          {free ? t('reservation-page.confirm-free') : t('reservation-page.payment')}
        </h2>
        <div ref={errorsRef}>
          <ErrorSummary globalErrors={confirmation.errors} />
        </div>
        {info.tokenAcquired && !free ? <heldPayment.Part reservationId={reservationId} disabled={busy} /> : null}
        {free ? null : (
          <PaymentMethodSelector
            methods={methods}
            pass={context.type === 'subscription'}
            value={method}
            onChange={(method) => setValues((v) => ({ ...v, method }))}
            detail={
              flow === 'card' && chosen ? (
                <cardPayment.Part
                  method={chosen}
                  context={context}
                  info={info}
                  busy={busy}
                  onReadyChange={onCardReady}
                  handle={confirmation.card}
                  failed={<p className="alert alert--danger">{t('error.STEP2_STRIPE_abort')}</p>}
                />
              ) : null
            }
          />
        )}
        {captchaKey ? <recaptcha.Part siteKey={captchaKey} handle={captcha} /> : null}
        <ConsentCheckbox
          id="overview-terms"
          name="termAndConditionsAccepted"
          messageKey="reservation-page.tc"
          linkTextKey="reservation-page.tc.link.text"
          href={event.termsAndConditionsUrl}
          checked={values.termsAccepted}
          onChange={(termsAccepted) => setValues((v) => ({ ...v, termsAccepted }))}
        />
        {privacyUrl ? (
          <ConsentCheckbox
            id="overview-privacy"
            name="privacyPolicyAccepted"
            messageKey="reservation-page.privacy"
            linkTextKey="reservation-page.privacy.link.text"
            href={privacyUrl}
            checked={values.privacyAccepted}
            onChange={(privacyAccepted) => setValues((v) => ({ ...v, privacyAccepted }))}
          />
        ) : null}
        <p className="form-note">{t('common.required-fields.note')}</p>
        <div className="checkout-actions">
          <button type="submit" className="button button--large" disabled={!ready} aria-busy={busy || undefined}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {free ? t('reservation-page.confirm-free') : flow === 'card' ? t('reservation-page.pay') : t('reservation-page.confirm')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => (expired ? void cancellation.cancel() : void booking.back())}
          >
            {t('common.back')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirmCancel(true)} disabled={busy}>
            {t('reservation-page.cancel-reservation')}
          </button>
        </div>
      </form>

      {confirmCancel && !expired ? (
        <cancelReservationDialog.Part pending={cancellation.pending} onNo={() => setConfirmCancel(false)} onYes={() => void cancellation.cancel()} />
      ) : null}
      {expired ? <expiredDialog.Part onBackToEvent={() => void backToEvent()} /> : null}
    </div>
  );
}
