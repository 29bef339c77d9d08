import { expect } from 'vitest';
import { DomainError, type Decider, type DomainEvent } from '@ticketing/kernel';

/**
 * `given(events).when(command).then(events)` / `.thenThrows(code)` for a decider, as emmett's
 * DeciderSpecification: the state is folded from the given events with the decider's own evolve, so a
 * spec also proves that evolve keeps what decide needs.
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: readonly Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            /** The decided events, for assertions that are easier on a subset. */
            events(): readonly Event[] {
              return run();
            },
            thenThrows(code: string, field?: string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, 'expected a DomainError').toBeInstanceOf(DomainError);
              const error = caught as DomainError & { violations?: readonly { code: string; field: string }[] };
              const all = error.violations ?? [{ code: error.code, field: error.field ?? '' }];
              expect(all).toContainEqual(field === undefined ? expect.objectContaining({ code }) : expect.objectContaining({ code, field }));
            },
          };
        },
      };
    },
  };
}
