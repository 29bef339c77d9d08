import type { EventStore, EventToAppend, ExpectedRevision, RecordedEvent } from '@ticketing/event-store';
import { waitingListStreamId, evolveWaitingList, initialWaitingListState, type SubscriberContact, type WaitingListEvent, type WaitingListState } from '@ticketing/sales/domain';
import type { Provenance } from '../shared/event-data.js';

/**
 * A waiting-list event as the log keeps it: the subscriber's contact leaves `data` and goes into the
 * event's personal data, encrypted under the subscriber's own subject, so erasing it forgets the
 * contact and leaves the rest of the history (and its hash chain) intact.
 */
export function toLogAppend(event: WaitingListEvent, metadata: Provenance): EventToAppend {
  if (event.type !== 'WaitingListJoined') return { type: event.type, data: { ...event.data }, metadata };
  const { contact, subjectId, ...data } = event.data;
  return { type: event.type, data, metadata, ...(contact ? { personal: { subjectId, data: { ...contact } } } : {}) };
}

/** The other way: the contact back from the personal data, null once the subject was forgotten. */
export function fromLog(recorded: RecordedEvent): WaitingListEvent {
  if (recorded.type !== 'WaitingListJoined') return { type: recorded.type, data: recorded.data } as WaitingListEvent;
  const contact = (recorded.personal?.data ?? null) as SubscriberContact | null;
  return { type: 'WaitingListJoined', data: { ...recorded.data, subjectId: recorded.personal?.subjectId ?? '', contact } } as WaitingListEvent;
}

export interface LoadedWaitingList {
  readonly state: WaitingListState;
  /** Append the next decision with this: a decision on a list that moved meanwhile is refused. */
  readonly revision: ExpectedRevision;
}

export async function loadWaitingList(store: EventStore, eventShortName: string): Promise<LoadedWaitingList> {
  const recorded = await store.readStream(waitingListStreamId(eventShortName));
  const state = recorded.map(fromLog).reduce(evolveWaitingList, initialWaitingListState());
  return { state, revision: recorded.at(-1)?.revision ?? 'no_stream' };
}
