import type { ItemPrice } from '../pricing/reservation-price.js';
import type { ItemLink, ReservedTicket } from './reservation.events.js';

/**
 * Which ticket each booked item goes with, from the moment the reservation is opened, as alf.io links them
 * (AdditionalServiceManager.reserveAdditionalServicesForReservation, linkWithEveryTicket): the items of each
 * supplement in turn through the reservation's tickets, starting again from the first for every supplement. Two
 * tickets with four T-shirts and one parking: T-shirts first, second, first, second; the parking the first; a
 * per-ticket fee one per ticket; a donation, or a fee on the whole reservation, the first. The buyer may move any
 * of them to another ticket on the booking step. Items are numbered as the reservation view numbers them: their
 * position among the reservation's items, from 1.
 */
export function linkItemsToTickets(items: readonly Pick<ItemPrice, 'serviceId'>[], tickets: readonly Pick<ReservedTicket, 'ticketId'>[]): ItemLink[] {
  if (tickets.length === 0) return [];
  const taken = new Map<number, number>();
  return items.map((item, index) => {
    const turn = taken.get(item.serviceId) ?? 0;
    taken.set(item.serviceId, turn + 1);
    return { itemId: index + 1, ticketId: tickets[turn % tickets.length]!.ticketId };
  });
}
