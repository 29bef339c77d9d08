import type { AdditionalField, BookedAdditionalService, BookingTicket } from './additional-field';
import { isTextType } from './additional-field';
import type { AdditionalValues, BookingFormValues, InvoiceSettings } from './booking-form-values';
import { invoiceFormShown, invoiceModeOf, isItaly, italianFieldsShown, skipVatOffered, ticketFields } from './booking-form-values';
import { ageOn, parseIsoDate, yesterday } from './dates';
import { attendeeEmailReadOnly, attendeeReadOnly, extraFieldReadOnly } from './field-locking';
import type { BookingErrors, FieldError } from './field-names';
import { fieldError, serviceAdditionalFieldName, ticketAdditionalFieldName, subscriptionOwnerAdditionalFieldName, subscriptionOwnerFieldName, ticketFieldName } from './field-names';

/** Spec 5 and 9: maximum lengths. */
export const MAX_NAME_LENGTH = 255;
export const MAX_ZIP_LENGTH = 50;
export const MAX_CUSTOMER_REFERENCE_LENGTH = 50;
export const MAX_ADDRESSEE_CODE_LENGTH = 7;

/** Enough to catch a slip; the server has the last word (and warns about typos). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => EMAIL.test(value.trim());

/** What the rules depend on besides the values. Time comes in here: the rules read no clock. */
export interface BookingValidationContext {
  /** Epoch ms: a date of birth may be yesterday at the latest. */
  readonly now: number;
  readonly free: boolean;
  readonly invoicing: InvoiceSettings;
  readonly tickets: readonly BookingTicket[];
  readonly lockEmailEdit?: boolean;
  readonly additionalServices?: readonly BookedAdditionalService[];
  /** Subscriptions: the extra fields of the owner (before and after the standard ones). */
  readonly subscriptionFields?: readonly AdditionalField[];
}

/**
 * The client-side mirror of the server's booking rules (spec 5; reference 3.3 item 20), with the server's
 * field names and codes, so a field shows the same message whichever side found the error first.
 */
export function validateBookingForm(values: BookingFormValues, context: BookingValidationContext): BookingErrors {
  const errors: Record<string, FieldError> = {};
  const put = (field: string, error: FieldError | undefined) => {
    if (error && !errors[field]) errors[field] = error;
  };

  put('firstName', personName(values.firstName, 'FIRSTNAME'));
  put('lastName', personName(values.lastName, 'LASTNAME'));
  put('email', contactEmail(values.email));

  if (invoiceFormShown(invoiceModeOf(context.invoicing, context.free), values)) validateBilling(values, context.invoicing, put);

  if (!values.postponeAssignment) {
    for (const ticket of context.tickets) validateTicket(ticket, values, context, put);
  }

  for (const [ticketUuid, links] of Object.entries(values.additionalServices)) {
    links.forEach((link, item) => {
      const service = context.additionalServices?.find((s) => s.itemId === link.additionalServiceItemId);
      for (const field of service?.ticketFieldConfiguration ?? []) {
        put(...extraFieldError(field, link.additional, context.now, (i) => serviceAdditionalFieldName(ticketUuid, item, field.name, i)));
      }
    });
  }

  if (values.differentSubscriptionOwner && values.subscriptionOwner) {
    const owner = values.subscriptionOwner;
    put(subscriptionOwnerFieldName('firstName'), personName(owner.firstName, 'FIRSTNAME'));
    put(subscriptionOwnerFieldName('lastName'), personName(owner.lastName, 'LASTNAME'));
    put(subscriptionOwnerFieldName('email'), contactEmail(owner.email));
    for (const field of context.subscriptionFields ?? []) {
      put(...extraFieldError(field, owner.additional, context.now, (i) => subscriptionOwnerAdditionalFieldName(field.name, i)));
    }
  }
  return errors;
}

type Put = (field: string, error: FieldError | undefined) => void;

function personName(value: string, which: 'FIRSTNAME' | 'LASTNAME'): FieldError | undefined {
  const text = value.trim();
  if (!text) return fieldError(`error.STEP_2_EMPTY_${which}`);
  if (text.length > MAX_NAME_LENGTH) return fieldError(`error.STEP_2_MAX_LENGTH_${which}`);
  return undefined;
}

function contactEmail(value: string): FieldError | undefined {
  const text = value.trim();
  if (!text) return fieldError('error.STEP_2_EMPTY_EMAIL');
  if (text.length > MAX_NAME_LENGTH) return fieldError('error.STEP_2_EMAIL_IS_TOO_LONG', MAX_NAME_LENGTH);
  if (!isEmail(text)) return fieldError('error.STEP_2_INVALID_EMAIL');
  return undefined;
}

function text(value: string, options: { required?: boolean; max: number }): FieldError | undefined {
  const trimmed = value.trim();
  if (!trimmed) return options.required ? fieldError('error.emptyField') : undefined;
  return trimmed.length > options.max ? fieldError('error.tooLong', options.max) : undefined;
}

function validateBilling(values: BookingFormValues, settings: InvoiceSettings, put: Put) {
  put('billingAddressLine1', text(values.billingAddressLine1, { required: true, max: MAX_NAME_LENGTH }));
  put('billingAddressLine2', text(values.billingAddressLine2, { max: MAX_NAME_LENGTH }));
  put('billingAddressZip', text(values.billingAddressZip, { required: true, max: MAX_ZIP_LENGTH }));
  put('billingAddressCity', text(values.billingAddressCity, { required: true, max: MAX_NAME_LENGTH }));
  put('billingAddressState', text(values.billingAddressState, { max: MAX_NAME_LENGTH }));
  put('vatCountryCode', values.vatCountryCode.trim() ? undefined : fieldError('error.emptyField'));

  const skipped = values.skipVatNr && skipVatOffered(settings);
  if (values.addCompanyBillingDetails) {
    put('billingAddressCompany', text(values.billingAddressCompany, { max: MAX_NAME_LENGTH }));
    if (settings.customerReferenceEnabled) put('customerReference', text(values.customerReference, { max: MAX_CUSTOMER_REFERENCE_LENGTH }));
    // Spec 5: the VAT number is required for a business customer unless skipped (where skipping is offered).
    if (!skipped) put('vatNr', text(values.vatNr, { required: true, max: MAX_NAME_LENGTH }));
  }

  if (!italianFieldsShown(settings, values)) return;
  // Spec 4: ticking skip-VAT makes the tax id optional.
  put('italyEInvoicingFiscalCode', text(values.italyEInvoicingFiscalCode, { required: !skipped, max: MAX_NAME_LENGTH }));
  if (!isItaly(values)) return;
  const type = values.italyEInvoicingReferenceType;
  if (!type) put('italyEInvoicingReferenceType', fieldError('error.italyEInvoicingReferenceTypeSelectValue'));
  if (type === 'ADDRESSEE_CODE') {
    put('italyEInvoicingReferenceAddresseeCode', text(values.italyEInvoicingReferenceAddresseeCode, { required: true, max: MAX_ADDRESSEE_CODE_LENGTH }));
  }
  if (type === 'PEC') {
    const pec = values.italyEInvoicingReferencePEC.trim();
    put('italyEInvoicingReferencePEC', !pec ? fieldError('error.emptyField') : isEmail(pec) ? undefined : fieldError('error.STEP_2_INVALID_EMAIL'));
  }
}

function validateTicket(ticket: BookingTicket, values: BookingFormValues, context: BookingValidationContext, put: Put) {
  const attendee = values.tickets[ticket.uuid];
  if (!attendee) return;
  // A read-only field cannot be corrected here: the server judges what it already holds.
  if (!attendeeReadOnly(ticket)) {
    put(ticketFieldName(ticket.uuid, 'firstName'), personName(attendee.firstName, 'FIRSTNAME'));
    put(ticketFieldName(ticket.uuid, 'lastName'), personName(attendee.lastName, 'LASTNAME'));
  }
  if (!attendeeEmailReadOnly(ticket, context.lockEmailEdit ?? false)) {
    const email = attendee.email.trim();
    put(
      ticketFieldName(ticket.uuid, 'email'),
      !email || !isEmail(email) ? fieldError('error.email') : email.length > MAX_NAME_LENGTH ? fieldError('error.STEP_2_EMAIL_IS_TOO_LONG', MAX_NAME_LENGTH) : undefined,
    );
  }
  for (const field of ticketFields(ticket)) {
    if (extraFieldReadOnly(ticket, field)) continue;
    put(...extraFieldError(field, attendee.additional, context.now, (i) => ticketAdditionalFieldName(ticket.uuid, field.name, i)));
  }
}

/** Spec 5: required as configured; lengths for text; allowed values for choices; a date of birth up to yesterday. */
function extraFieldError(field: AdditionalField, additional: AdditionalValues, now: number, nameAt: (index: number) => string): [string, FieldError | undefined] {
  const values = (additional[field.name] ?? []).map((v) => v.trim());
  const filled = values.map((v, i) => ({ v, i })).filter(({ v }) => v !== '');
  if (filled.length === 0) return [nameAt(0), field.required ? fieldError('error.emptyField') : undefined];

  for (const { v, i } of filled) {
    const error = valueError(field, v, now);
    if (error) return [nameAt(i), error];
  }
  return [nameAt(0), undefined];
}

function valueError(field: AdditionalField, value: string, now: number): FieldError | undefined {
  if (isTextType(field.type)) {
    if (field.minLength && value.length < field.minLength) return fieldError('error.tooShort', field.minLength);
    if (field.maxLength && value.length > field.maxLength) return fieldError('error.tooLong', field.maxLength);
  }
  if ((field.type === 'select' || field.type === 'radio' || field.type === 'checkbox') && field.restrictedValues.length > 0) {
    if (!field.restrictedValues.includes(value)) return fieldError('error.restrictedValue');
  }
  if (field.type === 'input:dateOfBirth') {
    const birth = parseIsoDate(value);
    if (!birth) return fieldError('error.invalidDate');
    if (value > yesterday(now)) return fieldError('error.dateOfBirthInFuture');
    // For a date of birth the length limits are ages (as the server reads them).
    const age = ageOn(birth, now);
    if (field.minLength && age < field.minLength) return fieldError('error.tooYoung', field.minLength);
    if (field.maxLength && age > field.maxLength) return fieldError('error.tooOld', field.maxLength);
  }
  return undefined;
}
