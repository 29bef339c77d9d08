import type { PurchaseContextInfo } from '../../../api/purchase-context-queries';
import type { ReservationInfo } from '../../../api/reservation-queries';
import { bookingContextOf } from '../../booking';
import { allTickets, supplementItemsOf, ticketGroupsOf } from './booking-prefill';

type EventSettings = Pick<PurchaseContextInfo, 'invoicingConfiguration' | 'assignmentConfiguration' | 'contentLanguages' | 'timeZone'>;
type ReservationView = Pick<
  ReservationInfo,
  'ticketsByCategory' | 'additionalServiceWithData' | 'orderSummary' | 'containsCategoriesLinkedToGroups' | 'subscriptionInfos'
>;

/** The booking rules' context of the booking step: the reservation view and its event or subscription, as the page has them. */
export function bookingRulesContextOf(info: ReservationView, event: EventSettings, now: number) {
  return bookingContextOf({
    purchaseContextType: info.subscriptionInfos?.length ? 'subscription' : 'event',
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
