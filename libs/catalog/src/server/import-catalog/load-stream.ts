import type { EventStore, ExpectedRevision } from '@ticketing/event-store';
import type { DomainEvent } from '@ticketing/kernel';

export interface LoadedStream<State> {
  readonly state: State;
  /** What to append with: the last revision read, or `no_stream`. */
  readonly expectedRevision: ExpectedRevision;
}

/** Folds one stream into its decider's state. */
export async function loadStream<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: { initialState: () => State; evolve: (state: State, event: Event) => State },
): Promise<LoadedStream<State>> {
  const recorded = await store.readStream(streamId);
  const state = recorded.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as unknown as Event), decider.initialState());
  const last = recorded.at(-1);
  return { state, expectedRevision: last ? last.revision : 'no_stream' };
}
