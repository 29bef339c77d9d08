import { DomainError } from '@ticketing/kernel';
import type { UserEvent, UserProfile } from './user.events.js';
import type { UserState } from './user.js';
import { userErrors } from './user-errors.js';

/** The person saves "my profile", already checked by the booking step's contact and invoice rules. */
export interface SaveProfile {
  readonly type: 'SaveProfile';
  readonly profile: UserProfile;
}

/** Records the profile; a user who is not registered (never signed in, or deleted) has none to save: `user.unknown`. */
export function decideSaveProfile(state: UserState, command: SaveProfile): UserEvent[] {
  if (state.status !== 'REGISTERED') throw new DomainError(userErrors.unknown);
  return [{ type: 'UserProfileSaved', data: { userId: state.userId, profile: command.profile } }];
}
