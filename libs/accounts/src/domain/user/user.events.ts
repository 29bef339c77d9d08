import type { ProfileBilling } from '@ticketing/accounts/contracts';

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

/** The invoice address the person keeps for their orders: published, as a signed-in buyer's booking saves it too. */
export type { ProfileBilling } from '@ticketing/accounts/contracts';

/**
 * What the person saved on "my profile", or their bookings saved for them: names, invoice address, answers to
 * additional fields. Personal data.
 */
export interface UserProfile {
  readonly firstName: string;
  readonly lastName: string;
  readonly billing: ProfileBilling;
  /** Additional field name -> its values (what prefills an attendee's extra fields). */
  readonly additionalData: Readonly<Record<string, readonly string[]>>;
  /**
   * Additional field name -> its label per language, for the fields a booking saved (the event's field); absent
   * from profiles saved before labels were kept, and a name without one shows no label.
   */
  readonly additionalLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The person saved their profile (kept under the user's own key in the log, as their details are). */
export interface UserProfileSaved {
  readonly type: 'UserProfileSaved';
  readonly data: { readonly userId: string; readonly profile: UserProfile };
}

/**
 * The person deleted their profile: every session of theirs ends, and their personal data was erased, their own
 * and that of the orders they own (`reservationIds`: buyer, attendees, pass owners), by forgetting the keys of
 * `erasedSubjects`. Read models drop what they had decrypted of those. A later sign-in registers them afresh.
 */
export interface UserDeleted {
  readonly type: 'UserDeleted';
  readonly data: { readonly userId: string; readonly reservationIds: readonly string[]; readonly erasedSubjects: readonly string[] };
}

export type UserEvent = UserRegistered | UserDetailsChanged | UserSignedIn | UserSignedOut | UserProfileSaved | UserDeleted;

export const userEventTypes = ['UserRegistered', 'UserDetailsChanged', 'UserSignedIn', 'UserSignedOut', 'UserProfileSaved', 'UserDeleted'] as const satisfies readonly UserEvent['type'][];

// Fails to compile when an event type is missing from the list above.
type Unlisted = Exclude<UserEvent['type'], (typeof userEventTypes)[number]>;
const everyTypeListed: Unlisted extends never ? true : never = true;
void everyTypeListed;
