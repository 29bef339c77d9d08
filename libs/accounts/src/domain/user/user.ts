import type { Decider } from '@ticketing/kernel';
import type { UserDetails, UserEvent, UserProfile } from './user.events.js';
import { decideDeleteUser, type DeleteUser } from './delete-user.js';
import { decideSaveProfile, type SaveProfile } from './save-profile.js';
import { decideSaveProfileFromBooking, type SaveProfileFromBooking } from './save-profile-from-booking.js';
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
      /** What they saved on "my profile" or their bookings saved; null until then. */
      readonly profile: UserProfile | null;
      /** Sessions signed in and not signed out, by digest, with their expiry. */
      readonly sessions: ReadonlyMap<string, string>;
    };

export const initialUserState = (): UserState => ({ status: 'NONE' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'REGISTERED', ...event.data, profile: null, sessions: new Map() };
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
    case 'UserProfileSaved':
      return state.status === 'REGISTERED' ? { ...state, profile: event.data.profile } : state;
    case 'UserDeleted':
      // gone with every session; a later sign-in registers the person again, with nothing of before
      return { status: 'NONE' };
  }
}

export type UserCommand = SignIn | SignOut | SaveProfile | SaveProfileFromBooking | DeleteUser;

/** One person who signs in through OpenID Connect: the `user-{id}` stream. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: (command, state) => {
    switch (command.type) {
      case 'SignIn':
        return decideSignIn(state, command);
      case 'SignOut':
        return decideSignOut(state, command);
      case 'SaveProfile':
        return decideSaveProfile(state, command);
      case 'SaveProfileFromBooking':
        return decideSaveProfileFromBooking(state, command);
      case 'DeleteUser':
        return decideDeleteUser(state, command);
    }
  },
};
