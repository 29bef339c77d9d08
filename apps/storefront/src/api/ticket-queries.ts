import { queryOptions } from '@tanstack/react-query';
import {
  getGetTicketFullQueryKey,
  getGetTicketInfoQueryKey,
  getGetTicketOnlineCheckInInfoQueryKey,
  getTicketFull,
  getTicketInfo,
  getTicketOnlineCheckInInfo,
} from '@ticketing/api-client';
import type { SuccessResponse } from '@ticketing/api-client';

/**
 * One ticket's server data (reference 3.4) as TanStack Query options over the generated client: what its view page
 * shows (TicketInfo), what its update page and actions read (its category with the ticket alone: flags and
 * questions), and when an online ticket's check-in opens. Never cached for long: a holder changes with an update.
 */
export type { OnlineCheckInInfo, TicketInfo, TicketsByTicketCategory } from '@ticketing/api-client';

const ok = <T>(answer: Promise<T>) => answer as Promise<SuccessResponse<T>>;

export const ticketInfoQueryOptions = (eventShortName: string, ticketId: string) =>
  queryOptions({
    queryKey: getGetTicketInfoQueryKey(eventShortName, ticketId),
    queryFn: ({ signal }) => ok(getTicketInfo(eventShortName, ticketId, { signal })),
    staleTime: 0,
    retry: false,
  });

export const ticketFullQueryOptions = (eventShortName: string, ticketId: string) =>
  queryOptions({
    queryKey: getGetTicketFullQueryKey(eventShortName, ticketId),
    queryFn: ({ signal }) => ok(getTicketFull(eventShortName, ticketId, { signal })),
    staleTime: 0,
    retry: false,
  });

/** `tz`: the browser's time zone, so the server words the opening in the attendee's own clock (reference 39). */
export const checkInInfoQueryOptions = (eventShortName: string, ticketId: string, checkInCode: string, tz: string | undefined) =>
  queryOptions({
    queryKey: getGetTicketOnlineCheckInInfoQueryKey(eventShortName, ticketId, checkInCode, tz ? { tz } : undefined),
    queryFn: ({ signal }) => ok(getTicketOnlineCheckInInfo(eventShortName, ticketId, checkInCode, tz ? { tz } : undefined, { signal })),
    staleTime: 0,
    retry: false,
  });
