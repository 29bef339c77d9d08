import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reservationInfoQueryOptions, reservationStatusQueryOptions } from '../../../api/reservation-queries';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';
import { availablePage, pageForStatus } from '../reservation-page';
import { afterForceCheck, forceChecksOn, PROCESSING_POLL_MS, warnsAfter } from './processing-poll';

/**
 * The processing page's loop (spec 4): every 2 s the status, every 10th time after asking the provider
 * (force-check), and away to the page the status asks for once it is no longer the processing one. `checkNow`
 * asks the provider at once. A status call that fails for any reason but 404 is tried again at the next tick:
 * the page is there to wait out a provider, and a blip must not send the buyer to not-found.
 */
export function useProcessingPoll({ type, id }: PurchaseContextRef, reservationId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const [polls, setPolls] = useState(0);
  const [checking, setChecking] = useState(false);
  const left = useRef(false);

  /** true once the page is being left (the provider's page, or the page of a new status). */
  const lookUp = useCallback(async (): Promise<boolean> => {
    let next;
    try {
      next = availablePage(pageForStatus((await queryClient.fetchQuery(reservationStatusQueryOptions(reservationId))).data));
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) return false;
      next = 'not-found' as const;
    }
    if (next === 'processing-payment' || left.current) return left.current;
    left.current = true;
    // the next page's loader reads the reservation from the cache: fresh, with the outcome (lastPaymentFailure ...)
    await queryClient.fetchQuery(reservationInfoQueryOptions(reservationId)).catch(() => null);
    await navigate({ href: reservationPageHref({ type, id }, reservationId, next, searchStr), replace: true });
    return true;
  }, [queryClient, navigate, type, id, reservationId, searchStr]);

  const check = useCallback(async (): Promise<boolean> => {
    const answer = await import('./force-check').then(
      ({ forceCheck }) => forceCheck(reservationId),
      () => null,
    );
    const step = afterForceCheck(answer);
    if (step.kind === 'redirect') {
      left.current = true;
      window.location.assign(step.url);
      return true;
    }
    return lookUp();
  }, [reservationId, lookUp]);

  useEffect(() => {
    let poll = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const tick = async () => {
      poll += 1;
      const gone = forceChecksOn(poll) ? await check() : await lookUp();
      if (!active || gone) return;
      setPolls(poll);
      timer = setTimeout(() => void tick(), PROCESSING_POLL_MS);
    };
    timer = setTimeout(() => void tick(), PROCESSING_POLL_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [check, lookUp]);

  const checkNow = async () => {
    if (checking) return;
    setChecking(true);
    await check();
    setChecking(false);
  };

  return { polls, warning: warnsAfter(polls), checking, checkNow };
}
