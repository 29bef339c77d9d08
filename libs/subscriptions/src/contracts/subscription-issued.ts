import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import type { DomainEvent } from '@ticketing/kernel';

/**
 * Who a pass is for: the buyer, unless the booking named another owner ("different owner"). Personal data:
 * the server moves it out of `data` into the event's personal data, encrypted under `subjectId` (as
 * TicketIssued's attendee), so it reads as null once the subject is erased.
 */
export interface SubscriptionOwner {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/**
 * First event of a `subscription-{uuid}` stream, appended by the sales context with the completion of the
 * order that bought the pass (in the same append as SubscriptionPinTaken). It carries the terms as they were
 * sold: the validity computed at purchase and the descriptor's entries, usage type and events, so that a later
 * change of the descriptor does not change a pass already paid for. Its uses are the subscriptions context's.
 */
export type SubscriptionIssued = DomainEvent<
  'SubscriptionIssued',
  {
    readonly subscriptionId: string;
    readonly descriptorId: string;
    readonly organizerSlug: string;
    /** The order that bought it. */
    readonly reservationId: string;
    /** Normalised (8 symbols of Crockford's base 32); unique within the organizer. */
    readonly pin: string;
    readonly subjectId: string;
    /** null once erased. */
    readonly owner: SubscriptionOwner | null;
    /** ISO-8601 instants fixed at purchase from the descriptor; null: no limit on that side. */
    readonly validFrom: string | null;
    readonly validTo: string | null;
    /** Entries it pays for, all events together; null: unlimited. */
    readonly maxEntries: number | null;
    /** ONCE_PER_EVENT: one entry per event at most; UNLIMITED: any number per event. */
    readonly usageType: SubscriptionDescriptor['usageType'];
    /** The events it can be used for (short names). */
    readonly compatibleEventShortNames: readonly string[];
    /**
     * The categories it pays for, per event (the descriptor's compatibleCategoryIds at purchase): event shortName ->
     * category ids; an event missing here or with an empty list, every category. Absent from passes issued before
     * restrictions existed: none.
     */
    readonly compatibleCategoryIds?: Readonly<Record<string, readonly number[]>>;
    /** ISO-8601 instant of the order's completion. */
    readonly purchasedAt: string;
  }
>;

export const subscriptionStreamId = (subscriptionId: string) => `subscription-${subscriptionId}`;
