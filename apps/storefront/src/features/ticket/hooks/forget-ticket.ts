import type { QueryClient } from '@tanstack/react-query';
import { getGetTicketFullQueryKey, getGetTicketInfoQueryKey } from '@ticketing/api-client';

/** Drops what the cache holds of one ticket (its view and its flags), so its pages ask the server again. */
export function forgetTicket(queryClient: QueryClient, eventShortName: string, ticketId: string): void {
  queryClient.removeQueries({ queryKey: getGetTicketInfoQueryKey(eventShortName, ticketId), exact: true });
  queryClient.removeQueries({ queryKey: getGetTicketFullQueryKey(eventShortName, ticketId), exact: true });
}
