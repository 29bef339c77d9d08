import type { RuleViolation } from '@ticketing/kernel';

/** One broken rule of the booking form: the kernel's violation (`field`, stable `code`, positional `args`). */
export type FieldError = RuleViolation;

/**
 * The binder name alf.io gives global errors of this request body (reference 1.2: derived from the class,
 * `ContactAndTicketsForm` -> `contactAndTicketsForm`), as `reservationForm` is for `reserve-tickets`.
 */
export const BOOKING_FORM = 'contactAndTicketsForm';

/** The codes of reference 3.3 item 20 and section 4; they reach clients and never change. */
export const bookingErrors = {
  emptyEmail: 'error.STEP_2_EMPTY_EMAIL',
  emailTooLong: 'error.STEP_2_EMAIL_IS_TOO_LONG',
  invalidEmail: 'error.STEP_2_INVALID_EMAIL',
  emptyFirstName: 'error.STEP_2_EMPTY_FIRSTNAME',
  firstNameTooLong: 'error.STEP_2_MAX_LENGTH_FIRSTNAME',
  emptyLastName: 'error.STEP_2_EMPTY_LASTNAME',
  lastNameTooLong: 'error.STEP_2_MAX_LENGTH_LASTNAME',
  /** An attendee's e-mail, empty or malformed. */
  attendeeEmail: 'error.email',
  emptyField: 'error.emptyField',
  tooLong: 'error.tooLong',
  tooShort: 'error.tooShort',
  tooYoung: 'error.tooYoung',
  tooOld: 'error.tooOld',
  length: 'error.length',
  lengthMustBe7: 'error.lengthMustBe7',
  alphanumeric: 'error.alphanumeric',
  restrictedValue: 'error.restrictedValue',
  disabledValue: 'error.disabledValue',
  referenceTypeSelectValue: 'error.italyEInvoicingReferenceTypeSelectValue',
  invalidVat: 'error.STEP_2_INVALID_VAT',
  viesDown: 'error.vatVIESDown',
  missingAttendeeData: 'error.STEP_2_MISSING_ATTENDEE_DATA',
  itemsNotAssigned: 'error.STEP_2_ADDITIONAL_ITEMS_NOT_ASSIGNED',
} as const;

/** Warnings do not stop the booking unless the buyer declines to ignore them (`ignoreWarnings=false`). */
export const bookingWarnings = {
  /** args: [the e-mail as typed] */
  emailTypo: 'error.STEP_2_EMAIL_TYPO',
  fiscalCodeNameMismatch: 'warning.fiscal-code-name-mismatch',
} as const;

/** Field-length limits the server enforces (reference 3.3 item 20; the storefront's inputs stop earlier). */
export const limits = {
  name: 255,
  email: 255,
  company: 255,
  addressLine: 256,
  zip: 51,
  city: 256,
  customerReference: 50,
  fiscalCode: 28,
} as const;
