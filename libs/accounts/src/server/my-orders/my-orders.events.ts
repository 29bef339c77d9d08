/**
 * What "my orders" reads of the sales context's reservation events, by their type strings (which never change once
 * shipped): the sales domain is not another context's to import, so the fields used are restated here.
 */
export interface OpenedData {
  readonly reservationId: string;
  readonly eventShortName: string;
  readonly validUntil: string;
  readonly tickets: readonly { readonly ticketId: string; readonly categoryId: number }[];
  readonly price: OrderPrice;
  readonly ownerUserId: string | null;
  readonly purchaseContext?: { readonly type: 'subscription'; readonly descriptorId: string; readonly subscriptionId: string };
}

export interface OrderPrice {
  readonly currency: string;
  readonly totals: { readonly priceWithVat: number };
  readonly vatSubtotals: readonly { readonly vatRule: { readonly mode: 'INCLUDED' | 'NOT_INCLUDED' | 'NONE'; readonly percentage: number } }[];
}

/** The booking step's details as far as the order list names its items (personal data, null once erased). */
export interface RecordedBooking {
  readonly contact: { readonly firstName: string; readonly lastName: string };
  readonly attendees: Readonly<Record<string, { readonly firstName: string; readonly lastName: string }>>;
  readonly subscriptionOwner?: { readonly firstName: string; readonly lastName: string } | null;
}

/** Status each reservation event leads to (as the sales reservations read model has it); absent: unchanged. */
export const statusAfter: Readonly<Record<string, (data: Record<string, unknown>) => string>> = {
  ReservationCancelled: () => 'CANCELLED',
  ReservationExpired: () => 'EXPIRED',
  ReservationConfirmed: (d) => d.status as string,
  OfflinePaymentConfirmed: (d) => (d.status as string | undefined) ?? 'COMPLETE',
  ReservationFinalized: () => 'COMPLETE',
  PaymentStarted: () => 'EXTERNAL_PROCESSING_PAYMENT',
  PaymentAwaitingConfirmation: () => 'WAITING_EXTERNAL_CONFIRMATION',
  PaymentAttemptEnded: () => 'PENDING',
};

/**
 * Statuses of orders that are gone for the buyer (the reservation page answers 404, as alf.io deletes them): the row
 * stays, since deleting the owner's profile reads the subjects of every order of theirs, but the list leaves it out.
 */
export const goneStatuses = ['CANCELLED', 'EXPIRED'] as const;

/** Events that carry a new price of the order (a pass paying for tickets, or taken off again). */
export const repricing = ['SubscriptionApplied', 'SubscriptionRemoved'] as const;

/** Events of other streams that put personal data of an order under a subject (tickets' holders, a pass's owner). */
export const issuing = ['TicketIssued', 'SubscriptionIssued'] as const;
