/** A domain event as the domain sees it: a type string that never changes once shipped, and plain data. */
export interface DomainEvent<Type extends string = string, Data extends object = Record<string, unknown>> {
  readonly type: Type;
  readonly data: Data;
}

/** Who caused a change, and in answer to what. Comes in with the command; the domain never invents it. */
export interface EventMetadata {
  /** Ties every event of one user action together, across streams and contexts. */
  readonly correlationId: string;
  /** The id of the command or event that directly caused this one. */
  readonly causationId: string;
  /** When it happened (ISO-8601, UTC), taken from the command's clock. */
  readonly occurredAt: string;
  /** Who did it: `anonymous`, `session:<id>`, `user:<id>`, `organizer:<slug>`, `system:<job>`. */
  readonly actor: string;
}

/**
 * The metadata of every event one command appends: `commandId` is its cause, the correlation its user action (the
 * command itself unless it continues another one), `now` from the command's clock.
 */
export function provenance(commandId: string, actor: string, now: Date, correlationId = commandId): EventMetadata {
  return { correlationId, causationId: commandId, occurredAt: now.toISOString(), actor };
}

/** Emmett-style decider: the whole behaviour of one consistency boundary, pure. */
export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => readonly Event[];
}
