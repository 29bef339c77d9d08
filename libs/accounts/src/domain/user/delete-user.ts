import { DomainError } from '@ticketing/kernel';
import type { UserEvent } from './user.events.js';
import type { UserState } from './user.js';
import { userErrors } from './user-errors.js';

/**
 * The person deletes their profile. The caller has forgotten the keys of `erasedSubjects` (the user's own subject
 * and those of the orders in `reservationIds`) before: the event records that the erasure happened, not what was erased.
 */
export interface DeleteUser {
  readonly type: 'DeleteUser';
  readonly reservationIds: readonly string[];
  readonly erasedSubjects: readonly string[];
}

/** Only a registered user can be deleted (`user.unknown` otherwise); every session of theirs ends with it. */
export function decideDeleteUser(state: UserState, command: DeleteUser): UserEvent[] {
  if (state.status !== 'REGISTERED') throw new DomainError(userErrors.unknown);
  return [{ type: 'UserDeleted', data: { userId: state.userId, reservationIds: [...command.reservationIds], erasedSubjects: [...command.erasedSubjects] } }];
}
