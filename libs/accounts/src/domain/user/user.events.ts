/** What the provider says of a person; personal data (kept under the user's own key in the log). */
export interface UserDetails {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
}

/** A person signed in for the first time: who vouches for them (`issuer`) and their id there (`subject`). */
export interface UserRegistered {
  readonly type: 'UserRegistered';
  readonly data: { readonly userId: string; readonly issuer: string; readonly subject: string; readonly details: UserDetails };
}

/** The provider described the person differently at a later sign-in (a new e-mail address, a new name). */
export interface UserDetailsChanged {
  readonly type: 'UserDetailsChanged';
  readonly data: { readonly userId: string; readonly details: UserDetails };
}

/**
 * The person signed in on a visitor session: `session` is a digest of the session id (the id itself is a
 * bearer secret and stays out of the log), good until `expiresAt`.
 */
export interface UserSignedIn {
  readonly type: 'UserSignedIn';
  readonly data: { readonly userId: string; readonly session: string; readonly expiresAt: string };
}

/** The person signed out of that session. */
export interface UserSignedOut {
  readonly type: 'UserSignedOut';
  readonly data: { readonly userId: string; readonly session: string };
}

export type UserEvent = UserRegistered | UserDetailsChanged | UserSignedIn | UserSignedOut;

export const userEventTypes = ['UserRegistered', 'UserDetailsChanged', 'UserSignedIn', 'UserSignedOut'] as const satisfies readonly UserEvent['type'][];

// Fails to compile when an event type is missing from the list above.
type Unlisted = Exclude<UserEvent['type'], (typeof userEventTypes)[number]>;
const everyTypeListed: Unlisted extends never ? true : never = true;
void everyTypeListed;
