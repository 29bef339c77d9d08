import type { SubscriberContact, WaitingListEvent } from './waiting-list.events.js';

export interface WaitingSubscriber {
  readonly subscriberId: string;
  readonly categoryId: number | null;
  readonly language: string;
  /** Null once erased: such a subscriber can neither be told about a seat nor block a new entry. */
  readonly contact: SubscriberContact | null;
  /** The signed-in person who joined, if any: the reservation offered to them is theirs. */
  readonly ownerUserId: string | null;
  /** The reservation held for them, once offered; a subscriber is offered a seat at most once. */
  readonly offeredReservationId: string | null;
}

/** The subscribers of one event's waiting list, in the order they joined. */
export interface WaitingListState {
  readonly subscribers: readonly WaitingSubscriber[];
}

export const initialWaitingListState = (): WaitingListState => ({ subscribers: [] });

export function evolveWaitingList(state: WaitingListState, event: WaitingListEvent): WaitingListState {
  switch (event.type) {
    case 'WaitingListJoined': {
      const { subscriberId, categoryId, language, contact, ownerUserId = null } = event.data;
      if (state.subscribers.some((s) => s.subscriberId === subscriberId)) return state;
      return { subscribers: [...state.subscribers, { subscriberId, categoryId, language, contact, ownerUserId, offeredReservationId: null }] };
    }
    case 'WaitingListOffered':
      return {
        subscribers: state.subscribers.map((s) =>
          s.subscriberId === event.data.subscriberId && s.offeredReservationId === null ? { ...s, offeredReservationId: event.data.reservationId } : s,
        ),
      };
  }
}

/** The e-mail as the one-entry rule compares it: case-insensitive, surrounding blanks ignored. */
export const emailKey = (email: string) => email.trim().toLowerCase();
