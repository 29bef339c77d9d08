/**
 * What decides whether a holder may give a ticket back (reference 35; alf.io's BookingInfoTicketLoader
 * cancellationEnabled: `finalPrice == 0 && !event.expired() && !hasPaidSupplement && ALLOW_FREE_TICKETS_CANCELLATION`).
 * Published so that the order's page (its cancellationEnabled flag) and the release itself apply one rule; a
 * checked-in ticket is refused on top of it by the ticket's own state.
 */
export interface ReleaseTerms {
  /** The order's tickets are issued (a complete order, or a deferred transfer's). */
  readonly acquired: boolean;
  /** What was paid for this ticket, minor units. */
  readonly finalPrice: number;
  /** The event allows free tickets to be given back (ALLOW_FREE_TICKETS_CANCELLATION). */
  readonly eventAllows: boolean;
  /** The event is over (alf.io's event.expired()): nothing is left to give back. */
  readonly eventEnded: boolean;
  /** The order holds a supplement item that was paid for, which would stay on the order without its ticket. */
  readonly paidSupplement: boolean;
}

export function releaseAllowed(terms: ReleaseTerms): boolean {
  return terms.acquired && terms.finalPrice === 0 && terms.eventAllows && !terms.eventEnded && !terms.paidSupplement;
}
