import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '@ticketing/api-client';
import { checkInInfoQueryOptions, ticketFullQueryOptions, ticketInfoQueryOptions } from '../../api/ticket-queries';

/**
 * The loaders of a ticket's pages: their data in the cache before the page renders. A ticket the server does not
 * show (unknown, released, its order not complete, a wrong check-in code: 404; an id that cannot be one, a link cut
 * short: 422) goes to the root (spec 8); any other failure is the router's error notice.
 */
async function orHome<T>(load: Promise<T>): Promise<void> {
  try {
    await load;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) throw redirect({ to: '/', replace: true });
    throw error;
  }
}

/**
 * A ticket's page: 'view', the ticket as TicketInfo (404 unless its order is complete and it names a holder), or
 * 'update', the ticket with its flags and questions; there is no other (home, as for an address no route has).
 */
export function loadTicketPage(queryClient: QueryClient, eventShortName: string, ticketId: string, page: string): Promise<void> {
  if (page === 'view') return orHome(queryClient.ensureQueryData(ticketInfoQueryOptions(eventShortName, ticketId)));
  if (page === 'update') return orHome(queryClient.ensureQueryData(ticketFullQueryOptions(eventShortName, ticketId)));
  throw redirect({ to: '/', replace: true });
}

/** The browser's time zone, which the check-in info is worded in. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** The waiting room: when the check-in opens, and whom to greet (404 on a wrong code too). */
export const loadWaitingRoom = (queryClient: QueryClient, eventShortName: string, ticketId: string, checkInCode: string) =>
  orHome(
    Promise.all([
      queryClient.ensureQueryData(checkInInfoQueryOptions(eventShortName, ticketId, checkInCode, browserTimeZone())),
      queryClient.ensureQueryData(ticketFullQueryOptions(eventShortName, ticketId)),
    ]),
  );
