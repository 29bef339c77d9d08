import { DomainError } from '@ticketing/kernel';
import type { UserEvent, UserProfile } from './user.events.js';
import type { UserState } from './user.js';
import { userErrors } from './user-errors.js';

/** The person saves "my profile", already checked by the booking step's contact and invoice rules. */
export interface SaveProfile {
  readonly type: 'SaveProfile';
  readonly profile: UserProfile;
}

/**
 * Records the profile; a user who is not registered (never signed in, or deleted) has none to save: `user.unknown`.
 * The page sends the additional data's values only: the labels a booking saved stay with the fields still there.
 */
export function decideSaveProfile(state: UserState, command: SaveProfile): UserEvent[] {
  if (state.status !== 'REGISTERED') throw new DomainError(userErrors.unknown);
  const saved = state.profile?.additionalLabels ?? {};
  const labels = Object.fromEntries(Object.keys(command.profile.additionalData).flatMap((name) => (Object.hasOwn(saved, name) ? [[name, saved[name]!]] : [])));
  const profile = Object.keys(labels).length > 0 ? { ...command.profile, additionalLabels: labels } : command.profile;
  return [{ type: 'UserProfileSaved', data: { userId: state.userId, profile } }];
}
