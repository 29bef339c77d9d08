import type { Ref } from 'react';
import { useMemo } from 'react';
import type { ReservationInfo } from '../../../api/reservation-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { useTranslate } from '../../i18n';
import type { OfferedPaymentMethod } from '../model/payment-methods';
import { cardBillingDetails, stripeParametersOf, usesTestForm } from './card-provider';
import { StripeCardField } from './stripe-card-field';
import type { CardPaymentHandle } from './test-card-form';
import { TestCardForm } from './test-card-form';
import { useCardPayment } from './use-card-payment';
import './card-payment.css';

export type { CardPaymentHandle } from './test-card-form';
export type { CardPaymentOutcome } from './pay-by-card';

export interface CardPaymentProps {
  /** The card method, paid through Stripe. */
  readonly method: OfferedPaymentMethod;
  readonly context: PurchaseContextRef;
  readonly info: ReservationInfo;
  /** A payment is being submitted: the card stays as typed. */
  readonly busy: boolean;
  /** Spec 5: whether the card is complete (the overview's Pay waits for it). */
  readonly onReadyChange: (ready: boolean) => void;
  /** Where the overview asks the card to pay (spec 4, card payment). */
  readonly handle: Ref<CardPaymentHandle | null>;
}

/**
 * The card part of the overview (its own chunk, loaded when the order can be paid by card): the test card form in
 * payment test mode, Stripe's card Element otherwise. Past 120 status polls it warns that the outcome is unknown.
 */
export function CardPayment({ method, context, info, busy, onReadyChange, handle }: CardPaymentProps) {
  const t = useTranslate();
  const stripe = useMemo(() => stripeParametersOf(method.parameters), [method.parameters]);
  const { pay, indeterminate } = useCardPayment(info.id);
  return (
    <div className="card-payment">
      {usesTestForm(stripe) ? (
        <TestCardForm stripe={stripe} context={context} reservationId={info.id} busy={busy} onReadyChange={onReadyChange} pay={pay} handle={handle} />
      ) : (
        <StripeCardField stripe={stripe} billing={cardBillingDetails(info)} onReadyChange={onReadyChange} pay={pay} handle={handle} />
      )}
      <div role="alert" className="card-payment__live">
        {indeterminate ? <p className="notice notice--warning">{t('reservation.payment-processing.indeterminate.message')}</p> : null}
      </div>
    </div>
  );
}
