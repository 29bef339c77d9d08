import { useRouter } from '@tanstack/react-router';
import type { PaymentForm } from '@ticketing/api-client';
import { useRef, useState } from 'react';
import type { ReservationInfo } from '../../../api/reservation-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import type { FieldError } from '../../booking';
import { mapServerErrors } from '../../booking';
import type { Translate } from '../../i18n';
import { useTranslate } from '../../i18n';
import type { CardPaymentHandle, CardPaymentOutcome } from '../card-payment/card-payment';
import { failureWords, refusalOf } from '../model/checkout-errors';
import type { PaymentFlow } from '../model/payment-methods';
import { useConfirmOverview } from './use-confirm-overview';
import { useReservationRefresh } from './use-reservation-refresh';

/** Spec 8: a payment refused or failed is this global error, the provider's words (or a known code's text) as {{0}}. */
export const PAYMENT_PROCESSING_ERROR = 'error.STEP_2_PAYMENT_PROCESSING_ERROR';

const processingError = (t: Translate, message: string): FieldError => ({ code: PAYMENT_PROCESSING_ERROR, args: [t(message)] });

/**
 * Confirming the overview with the chosen way to pay (spec 4, confirm). A card is paid first through the card part
 * (its handle), then the overview is confirmed; a redirect method or one without a provider is confirmed at once.
 * The overview opens with the last payment's failure, when the reservation has one (a card refused, a provider's
 * page left unpaid). Resolves false when the form is to be enabled again.
 */
export function usePayOverview(context: PurchaseContextRef, reservationId: string, lastPaymentFailure: ReservationInfo['lastPaymentFailure']) {
  const t = useTranslate();
  const router = useRouter();
  const confirmation = useConfirmOverview(context, reservationId);
  const { refresh } = useReservationRefresh(reservationId);
  const card = useRef<CardPaymentHandle | null>(null);
  const [errors, setErrors] = useState<readonly FieldError[]>(() => (lastPaymentFailure?.message ? [processingError(t, failureWords(t, lastPaymentFailure))] : []));

  const followCard = async (outcome: CardPaymentOutcome, form: PaymentForm): Promise<boolean> => {
    switch (outcome.kind) {
      case 'paid':
        return confirmation.confirm(form);
      case 'left':
      case 'stopped':
        return true;
      case 'status-changed':
        // the order moved meanwhile: the status guard shows the page it asks for now (this one when still pending)
        await refresh();
        await router.invalidate();
        if (outcome.message) setErrors([processingError(t, outcome.message)]);
        return false;
      case 'failed':
        setErrors([processingError(t, outcome.message)]);
        return false;
      case 'error':
        setErrors(mapServerErrors(refusalOf(outcome.error)).global);
        return false;
    }
  };

  const pay = async (flow: PaymentFlow, form: PaymentForm): Promise<boolean> => {
    setErrors([]);
    if (flow !== 'card') return confirmation.confirm(form);
    const outcome: CardPaymentOutcome = card.current ? await card.current.pay() : { kind: 'error', error: null };
    return followCard(outcome, form);
  };

  return { pay, card, errors: errors.length ? errors : confirmation.errors, pending: confirmation.pending };
}
