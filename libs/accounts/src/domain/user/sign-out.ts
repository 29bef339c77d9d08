import type { UserEvent } from './user.events.js';
import type { UserState } from './user.js';

/** The person leaves the session whose digest is `session`. */
export interface SignOut {
  readonly type: 'SignOut';
  readonly session: string;
}

/** Signs the session out; nothing when it is not signed in (a repeated logout, another person's session). */
export function decideSignOut(state: UserState, command: SignOut): UserEvent[] {
  if (state.status !== 'REGISTERED' || !state.sessions.has(command.session)) return [];
  return [{ type: 'UserSignedOut', data: { userId: state.userId, session: command.session } }];
}
