import type { Decider } from '@ticketing/kernel';
import type { UserDetails, UserEvent } from './user.events.js';
import { decideSignIn, type SignIn } from './sign-in.js';
import { decideSignOut, type SignOut } from './sign-out.js';

export type UserState =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'REGISTERED';
      readonly userId: string;
      readonly issuer: string;
      readonly subject: string;
      readonly details: UserDetails;
      /** Sessions signed in and not signed out, by digest, with their expiry. */
      readonly sessions: ReadonlyMap<string, string>;
    };

export const initialUserState = (): UserState => ({ status: 'NONE' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'REGISTERED', ...event.data, sessions: new Map() };
    case 'UserDetailsChanged':
      return state.status === 'REGISTERED' ? { ...state, details: event.data.details } : state;
    case 'UserSignedIn':
      return state.status === 'REGISTERED' ? { ...state, sessions: new Map(state.sessions).set(event.data.session, event.data.expiresAt) } : state;
    case 'UserSignedOut': {
      if (state.status !== 'REGISTERED') return state;
      const sessions = new Map(state.sessions);
      sessions.delete(event.data.session);
      return { ...state, sessions };
    }
  }
}

export type UserCommand = SignIn | SignOut;

/** One person who signs in through OpenID Connect: the `user-{id}` stream. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: (command, state) => (command.type === 'SignIn' ? decideSignIn(state, command) : decideSignOut(state, command)),
};
