import type { ReservationSearch } from '../../../app/search-params';
import { parseReservationSearch } from '../../../app/search-params';

/** The booking step's query (spec 2): what the event page carried, and `requestInvoice` from the overview. */
export interface BookingSearch extends ReservationSearch {
  requestInvoice?: boolean;
}

export function parseBookingSearch(search: Record<string, unknown>): BookingSearch {
  const result: BookingSearch = parseReservationSearch(search);
  const flag = search['requestInvoice'];
  if (flag === true || flag === 'true' || flag === '') result.requestInvoice = true;
  return result;
}

/** What the booking and overview steps pass on to the next page (never `requestInvoice`). */
export const carriedSearch = ({ requestInvoice: _drop, ...rest }: BookingSearch): ReservationSearch => rest;
