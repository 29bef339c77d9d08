import { useQueryClient } from '@tanstack/react-query';
import { getPaymentStatus, initPayment, successData } from '@ticketing/api-client';
import { useEffect, useRef, useState } from 'react';
import { reservationInfoQueryOptions } from '../../../api/reservation-queries';
import { useTranslate } from '../../i18n';
import { useToast } from '../../toast';
import { failureWords } from '../model/checkout-errors';
import { leaveFor } from '../hooks/use-leave-warning';
import type { CardPaymentOutcome } from './pay-by-card';
import { payByCard } from './pay-by-card';
import type { ProviderAnswer } from './payment-intent';
import { pollNotice } from './payment-status-poll';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The card payment of one reservation over the generated client: `pay(confirm)` runs payByCard with the card
 * form's way of confirming at the provider. Every 10th status poll shows the processing-delay toast; past 120 the
 * form shows the indeterminate warning (and keeps waiting). Leaving the page stops the polling.
 */
export function useCardPayment(reservationId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useTranslate();
  const [indeterminate, setIndeterminate] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const pay = (confirm: (clientSecret: string) => Promise<ProviderAnswer>): Promise<CardPaymentOutcome> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setIndeterminate(false);
    return payByCard({
      init: async () => successData(await initPayment(reservationId, 'CREDIT_CARD')),
      confirm,
      paymentStatus: async () => successData(await getPaymentStatus(reservationId, 'CREDIT_CARD')),
      failureMessage: async () => {
        const failure = (await queryClient.fetchQuery(reservationInfoQueryOptions(reservationId))).data.lastPaymentFailure;
        return failure?.message ? failureWords(t, failure) : null;
      },
      leave: leaveFor,
      wait,
      onPoll: (poll) => {
        const notice = pollNotice(poll);
        if (notice === 'delay') toast.info('reservation.payment-processing.delay.message');
        if (notice === 'indeterminate') setIndeterminate(true);
      },
      signal: controller.signal,
    });
  };

  return { pay, indeterminate };
}
