import type { EventMetadata } from '@ticketing/kernel';

/** The invoice address a profile keeps for its owner's orders (reference 2 `BillingDetails`, as the booking step takes it). */
export interface ProfileBilling {
  readonly addCompanyBillingDetails: boolean;
  readonly companyName: string | null;
  readonly addressLine1: string | null;
  readonly addressLine2: string | null;
  readonly zip: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly country: string | null;
  readonly taxId: string | null;
  readonly skipVatNr: boolean;
  readonly italianEInvoicing: {
    readonly fiscalCode: string | null;
    readonly referenceType: 'ADDRESSEE_CODE' | 'PEC' | 'NONE' | null;
    readonly addresseeCode: string | null;
    readonly pec: string | null;
    readonly splitPayment: boolean;
  } | null;
}

/** One answer of the buyer's own ticket, with the field's label per language (reference 2 `User.profile.additionalData`). */
export interface BookedAnswer {
  readonly label: Readonly<Record<string, string>>;
  readonly values: readonly string[];
}

/** What a validated booking says of its buyer's profile; what it does not say (null billing, a field not answered) stays. */
export interface BookedProfile {
  /** The invoice address of the booking; null when no invoice was requested. */
  readonly billing: ProfileBilling | null;
  /** Field name -> the answer of the buyer's own ticket. */
  readonly additionalData: Readonly<Record<string, BookedAnswer>>;
}

/**
 * A profile's events as the user's stream keeps them (the profile as personal data under the user's own subject),
 * ready for the caller's append: the shape of the event store's EventToAppend.
 */
export interface ProfileEventToAppend {
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  readonly personal?: { readonly subjectId: string; readonly data: Record<string, unknown> };
}

/**
 * The user's part of an append that saves their profile: the caller appends `events` on `streamId` expecting
 * `expectedRevision`, together with its own events, all or nothing. When the user's stream changed meanwhile (a
 * sign-in elsewhere, "my profile" saved) the whole append fails on this expectation and the caller asks again.
 */
export interface ProfileChange {
  readonly streamId: string;
  readonly events: readonly ProfileEventToAppend[];
  readonly expectedRevision: number;
}

/** The users' profiles, for the sales context: a signed-in buyer's booking saved on their profile with the order's own append. */
export abstract class UserProfiles {
  /**
   * The profile of `userId` updated from a booking that passed validation, decided but not appended. null when it
   * changes nothing, or when the user is not registered (deleted meanwhile).
   */
  abstract planSaveFromBooking(userId: string, booked: BookedProfile, metadata: EventMetadata): Promise<ProfileChange | null>;
}
