import { DomainError } from '@ticketing/kernel';
import type { UserDetails, UserEvent } from './user.events.js';
import type { UserState } from './user.js';
import { userErrors } from './user-errors.js';

/**
 * A provider vouched for `issuer`/`subject` (a verified ID token) on the visitor session whose digest is
 * `session`: the person is signed in there until `now + lifetimeMs`.
 */
export interface SignIn {
  readonly type: 'SignIn';
  readonly userId: string;
  readonly issuer: string;
  readonly subject: string;
  readonly details: UserDetails;
  readonly session: string;
  readonly now: Date;
  readonly lifetimeMs: number;
}

const sameDetails = (a: UserDetails, b: UserDetails) => a.firstName === b.firstName && a.lastName === b.lastName && a.email === b.email;

/**
 * 1. the first sign-in registers the person with the provider's details;
 * 2. a later one records changed details (a new e-mail address at the provider), nothing when unchanged;
 * 3. the stream must be this identity's (user ids are derived from issuer and subject), else `user.identity-mismatch`;
 * then the sign-in itself, also on a session signed in already (it renews the expiry).
 */
export function decideSignIn(state: UserState, command: SignIn): UserEvent[] {
  if (!(command.lifetimeMs > 0)) throw new RangeError(`a sign-in lasts a positive time, not ${command.lifetimeMs} ms`);
  const { userId, issuer, subject, details, session } = command;
  const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, session, expiresAt: new Date(command.now.getTime() + command.lifetimeMs).toISOString() } };
  if (state.status === 'NONE') return [{ type: 'UserRegistered', data: { userId, issuer, subject, details } }, signedIn];
  if (state.userId !== userId || state.issuer !== issuer || state.subject !== subject) throw new DomainError(userErrors.identityMismatch);
  return sameDetails(state.details, details) ? [signedIn] : [{ type: 'UserDetailsChanged', data: { userId, details } }, signedIn];
}
