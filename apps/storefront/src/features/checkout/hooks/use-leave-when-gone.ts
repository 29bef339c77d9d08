import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { useCallback } from 'react';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';
import { availablePage, pageForStatus } from '../../reservation-status/reservation-page';
import { lookUpStatus } from '../../reservation-status/reservation-guard';
import { useReservationRefresh } from './use-reservation-refresh';

/**
 * Spec 4, a step's call answered 404: the reservation is no longer pending (cancelled in another tab, expired on the
 * server while this browser's clock lags, confirmed elsewhere). A retry could only fail again, so its status decides
 * the page, as the guard decides on entry (a failed lookup: not found). Resolves true when it left for that page.
 */
export function useLeaveWhenGone(context: PurchaseContextRef, reservationId: string): (error: unknown) => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { forget } = useReservationRefresh(reservationId);
  return useCallback(
    async (error: unknown) => {
      if (!isApiError(error) || error.status !== 404) return false;
      forget();
      const page = availablePage(pageForStatus(await lookUpStatus(queryClient, reservationId)));
      await navigate({ href: reservationPageHref(context, reservationId, page), replace: true });
      return true;
    },
    [context, forget, navigate, queryClient, reservationId],
  );
}
