/** Who is signed in on a visitor's session, as the provider described them (null fields: not given, or erased). */
export interface SignedInUser {
  readonly userId: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
}

/**
 * The accounts context's query surface: the user bound to a session (by OpenID Connect login), or null when the
 * session is anonymous, signed out or past its login's expiry. Other contexts inject this to tie what a visitor
 * does (an order) to the person.
 */
export abstract class SignedInUsers {
  abstract userOf(sessionId: string): Promise<SignedInUser | null>;
}
