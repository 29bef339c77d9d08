import type { BookedProfile, ProfileBilling } from '@ticketing/accounts/contracts';
import type { UserEvent, UserProfile } from './user.events.js';
import type { UserState } from './user.js';

/** A signed-in buyer's booking passed validation: what it says of them goes on their profile (reference 3.3 item 20). */
export interface SaveProfileFromBooking {
  readonly type: 'SaveProfileFromBooking';
  readonly booked: BookedProfile;
}

const NO_BILLING: ProfileBilling = {
  addCompanyBillingDetails: false,
  companyName: null,
  addressLine1: null,
  addressLine2: null,
  zip: null,
  city: null,
  state: null,
  country: null,
  taxId: null,
  skipVatNr: false,
  italianEInvoicing: null,
};

/** Equal as JSON values, whatever the order of their keys (a profile read back from the log keeps the order it was written in). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  return keys.length === Object.keys(right).filter((k) => right[k] !== undefined).length && keys.every((k) => sameValue(left[k], right[k]));
}

/**
 * The profile as the booking leaves it: the booking's invoice address replaces the saved one (kept when no invoice
 * was requested), its answers replace the saved answers to the same fields (the others stay), the names stay the
 * profile's (a booking's contact may be someone booking for the person, as alf.io keeps the user's names). Nothing when
 * the profile would not change, when there is nothing to save on a profile not yet there, or when the person is no
 * longer registered (deleted meanwhile: the booking goes on without them).
 */
export function decideSaveProfileFromBooking(state: UserState, { booked }: SaveProfileFromBooking): UserEvent[] {
  if (state.status !== 'REGISTERED') return [];
  const current = state.profile;
  const answers = Object.entries(booked.additionalData);
  if (current === null && booked.billing === null && answers.length === 0) return [];
  const profile: UserProfile = {
    firstName: current?.firstName ?? '',
    lastName: current?.lastName ?? '',
    billing: booked.billing ?? current?.billing ?? NO_BILLING,
    additionalData: { ...current?.additionalData, ...Object.fromEntries(answers.map(([name, answer]) => [name, answer.values])) },
    additionalLabels: { ...current?.additionalLabels, ...Object.fromEntries(answers.map(([name, answer]) => [name, answer.label])) },
  };
  if (current !== null && sameValue({ additionalLabels: {}, ...current }, profile)) return [];
  return [{ type: 'UserProfileSaved', data: { userId: state.userId, profile } }];
}
