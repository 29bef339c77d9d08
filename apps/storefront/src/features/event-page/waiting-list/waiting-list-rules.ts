import type { ErrorMessage } from '../reservation-errors';

/** The waiting-list form as the page holds it (the wire form is the generated WaitingQueueSubscriptionForm). */
export interface WaitingListSubscription {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** A content language of the event. */
  readonly userLanguage: string;
  readonly termAndConditionsAccepted: boolean;
  readonly privacyPolicyAccepted: boolean;
  readonly selectedCategory: number | null;
}

/** The waiting-list form as typed (spec 3); the category is the select's value (an id as text). */
export interface WaitingListValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly selectedCategory: string;
  readonly userLanguage: string;
  readonly termAndConditionsAccepted: boolean;
  readonly privacyPolicyAccepted: boolean;
}

export type WaitingListField = keyof WaitingListValues;

/** The fields in the order they appear, for focusing the first invalid one and for mapping server errors. */
export const WAITING_LIST_FIELDS: readonly WaitingListField[] = [
  'firstName',
  'lastName',
  'email',
  'selectedCategory',
  'userLanguage',
  'termAndConditionsAccepted',
  'privacyPolicyAccepted',
];

/** Spec 5 and 9: names and email at most 255 characters. */
export const MAX_TEXT_LENGTH = 255;

/** Enough to catch a slip; the server has the last word (`error.email`). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type WaitingListErrors = Partial<Record<WaitingListField, ErrorMessage>>;

const message = (code: string, ...args: (string | number)[]): ErrorMessage => ({ code, args });

/**
 * Spec 5: first name, last name, email, language and the terms are required; privacy acceptance too when the
 * event has a privacy policy; names and email at most 255 characters.
 */
export function validateWaitingList(values: WaitingListValues, rules: { privacyRequired: boolean }): WaitingListErrors {
  const errors: WaitingListErrors = {};
  for (const field of ['firstName', 'lastName', 'email'] as const) {
    const value = values[field].trim();
    if (!value) errors[field] = message('error.emptyField');
    else if (value.length > MAX_TEXT_LENGTH) errors[field] = message('error.maxLength', MAX_TEXT_LENGTH);
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = message('error.email');
  if (!values.userLanguage) errors.userLanguage = message('error.userLanguage');
  if (!values.termAndConditionsAccepted) errors.termAndConditionsAccepted = message('error.STEP_2_TERMS_CONDITIONS');
  if (rules.privacyRequired && !values.privacyPolicyAccepted) errors.privacyPolicyAccepted = message('error.privacyPolicy');
  return errors;
}

/** The wire body; the category goes as a number, or null when the event offers none to pick. */
export function waitingListSubscription(values: WaitingListValues): WaitingListSubscription {
  const category = Number(values.selectedCategory);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    userLanguage: values.userLanguage,
    termAndConditionsAccepted: values.termAndConditionsAccepted,
    privacyPolicyAccepted: values.privacyPolicyAccepted,
    selectedCategory: values.selectedCategory && Number.isInteger(category) ? category : null,
  };
}
