import type { DomainEvent } from '@ticketing/kernel';

/** How to reach a subscriber: personal data, appended encrypted under the subscriber's own subject key. */
export interface SubscriberContact {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** Why the list took the entry: the event was sold out, or its sales had not started (pre-registration). */
export type WaitingListReason = 'SOLD_OUT' | 'PRE_SALES';

/**
 * Events of a `waiting-list-{shortName}` stream: who waits for a seat of one event, in the order they
 * joined, and which of them were offered one. One stream per event keeps "one entry per e-mail and
 * category" a matter of one expected revision.
 */
export type WaitingListJoined = DomainEvent<
  'WaitingListJoined',
  {
    readonly subscriberId: string;
    readonly eventShortName: string;
    /** The category asked for; null: any (the first public category on sale when a seat comes free). */
    readonly categoryId: number | null;
    /** One of the event's content languages: the offer e-mail is written in it. */
    readonly language: string;
    readonly reason: WaitingListReason;
    /** The key the contact is encrypted under; forgetting it erases the contact and nothing else. */
    readonly subjectId: string;
    /** Null once the subject was forgotten (erased personal data). */
    readonly contact: SubscriberContact | null;
    /**
     * The signed-in person who joined: the seat offered later is theirs (their orders list it). Absent on entries
     * recorded before it was kept, which read as null.
     */
    readonly ownerUserId?: string | null;
  }
>;

/** A seat was held for the subscriber: the reservation waits for them until `validUntil`. */
export type WaitingListOffered = DomainEvent<
  'WaitingListOffered',
  {
    readonly subscriberId: string;
    readonly eventShortName: string;
    readonly reservationId: string;
    /** ISO instant: the reservation's expiry. */
    readonly validUntil: string;
  }
>;

export type WaitingListEvent = WaitingListJoined | WaitingListOffered;

export const waitingListEventTypes: readonly WaitingListEvent['type'][] = ['WaitingListJoined', 'WaitingListOffered'];

export const waitingListStreamId = (eventShortName: string) => `waiting-list-${eventShortName}`;
