import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import type { ReservationInfo } from '../../../api/reservation-queries';
import { bookingContextOf } from '../../booking';
import { allTickets, supplementItemsOf, ticketGroupsOf } from './booking-prefill';

type EventSettings = Pick<EventWithAdditionalInfo, 'invoicingConfiguration' | 'assignmentConfiguration' | 'contentLanguages' | 'timeZone'>;
type ReservationView = Pick<ReservationInfo, 'ticketsByCategory' | 'additionalServiceWithData' | 'orderSummary' | 'containsCategoriesLinkedToGroups'>;

/** The booking rules' context of the booking step: the reservation view and the event, as the page has them. */
export function bookingRulesContextOf(info: ReservationView, event: EventSettings, now: number) {
  return bookingContextOf({
    tickets: allTickets(ticketGroupsOf(info)),
    supplements: supplementItemsOf(info),
    free: info.orderSummary.free,
    invoicing: event.invoicingConfiguration,
    forceAssignment: event.assignmentConfiguration.forceAssignment,
    containsCategoriesLinkedToGroups: info.containsCategoriesLinkedToGroups,
    contentLanguages: event.contentLanguages,
    timeZone: event.timeZone,
    now,
  });
}
