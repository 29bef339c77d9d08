import { describe, expect, it } from 'vitest';
import { attendee, billing, invoicing, makeField, makeTicket, NOW, TICKET_A, TICKET_B, validForm } from '../booking-fixtures';
import type { BookingValidationContext } from './validate-booking-form';
import { validateBookingForm } from './validate-booking-form';
import { bookingFormForSubmit, italianReferenceTypePatch, invoiceModeOf, postponeAssignmentOffered, ticketFormValuesOf } from './booking-form-values';

const context = (overrides: Partial<BookingValidationContext> = {}): BookingValidationContext => ({
  now: NOW,
  free: false,
  invoicing: invoicing(),
  tickets: [],
  ...overrides,
});

const codes = (errors: Record<string, { code: string; args: readonly unknown[] }>) =>
  Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, e.args.length ? `${e.code} ${e.args.join(',')}` : e.code]));

describe('validateBookingForm: contact (spec 5)', () => {
  it('passes a filled contact', () => {
    expect(validateBookingForm(validForm(), context())).toEqual({});
  });

  it('requires names and e-mail with the server codes', () => {
    expect(codes(validateBookingForm(validForm({ firstName: ' ', lastName: '', email: '' }), context()))).toEqual({
      firstName: 'error.STEP_2_EMPTY_FIRSTNAME',
      lastName: 'error.STEP_2_EMPTY_LASTNAME',
      email: 'error.STEP_2_EMPTY_EMAIL',
    });
  });

  it('limits names and e-mail to 255 characters and checks the e-mail format', () => {
    const long = 'x'.repeat(256);
    expect(codes(validateBookingForm(validForm({ firstName: long, lastName: 'x'.repeat(255), email: `${'a'.repeat(250)}@b.org` }), context()))).toEqual({
      firstName: 'error.STEP_2_MAX_LENGTH_FIRSTNAME',
      email: 'error.STEP_2_EMAIL_IS_TOO_LONG 255',
    });
    expect(codes(validateBookingForm(validForm({ email: 'grace.example.org' }), context()))).toEqual({ email: 'error.STEP_2_INVALID_EMAIL' });
  });
});

describe('validateBookingForm: billing (spec 5)', () => {
  it('checks no billing field when no invoice is requested or the order is free', () => {
    expect(validateBookingForm(validForm({ invoiceRequested: false }), context())).toEqual({});
    expect(validateBookingForm(validForm({ invoiceRequested: true }), context({ free: true, invoicing: invoicing({ onlyInvoice: true }) }))).toEqual({});
  });

  it('requires address line 1, zip, city and country once an invoice is requested, or always with invoice only', () => {
    const required = {
      billingAddressLine1: 'error.emptyField',
      billingAddressZip: 'error.emptyField',
      billingAddressCity: 'error.emptyField',
      vatCountryCode: 'error.emptyField',
    };
    expect(codes(validateBookingForm(validForm({ invoiceRequested: true }), context()))).toEqual(required);
    expect(codes(validateBookingForm(validForm({ invoiceRequested: false }), context({ invoicing: invoicing({ onlyInvoice: true }) })))).toEqual(required);
    expect(validateBookingForm(validForm(billing), context())).toEqual({});
  });

  it('limits lines and city to 255, zip to 50, customer reference to 50', () => {
    const values = validForm({
      ...billing,
      addCompanyBillingDetails: true,
      vatNr: '123',
      billingAddressLine1: 'x'.repeat(256),
      billingAddressLine2: 'x'.repeat(256),
      billingAddressCity: 'x'.repeat(256),
      billingAddressZip: 'x'.repeat(51),
      billingAddressCompany: 'x'.repeat(256),
      customerReference: 'x'.repeat(51),
    });
    expect(codes(validateBookingForm(values, context({ invoicing: invoicing({ customerReferenceEnabled: true }) })))).toEqual({
      billingAddressLine1: 'error.tooLong 255',
      billingAddressLine2: 'error.tooLong 255',
      billingAddressCity: 'error.tooLong 255',
      billingAddressZip: 'error.tooLong 50',
      billingAddressCompany: 'error.tooLong 255',
      customerReference: 'error.tooLong 50',
    });
  });

  it('requires the VAT number of a business unless skipped, and skipping counts only where it is offered', () => {
    const business = validForm({ ...billing, addCompanyBillingDetails: true });
    expect(codes(validateBookingForm(business, context()))).toEqual({ vatNr: 'error.emptyField' });
    expect(validateBookingForm({ ...business, skipVatNr: true }, context())).toEqual({});
    expect(codes(validateBookingForm({ ...business, skipVatNr: true }, context({ invoicing: invoicing({ vatNumberStrictlyRequired: true }) })))).toEqual({
      vatNr: 'error.emptyField',
    });
    expect(validateBookingForm({ ...business, vatNr: 'CHE-123' }, context())).toEqual({});
    // a private customer has no VAT number to give
    expect(validateBookingForm(validForm(billing), context())).toEqual({});
  });
});

describe('validateBookingForm: Italian e-invoicing (spec 5)', () => {
  const italian = context({ invoicing: invoicing({ enabledItalyEInvoicing: true }) });
  const inItaly = validForm({ ...billing, vatCountryCode: 'IT' });

  it('requires the fiscal code and the reference type for Italy', () => {
    expect(codes(validateBookingForm(inItaly, italian))).toEqual({
      italyEInvoicingFiscalCode: 'error.emptyField',
      italyEInvoicingReferenceType: 'error.italyEInvoicingReferenceTypeSelectValue',
    });
    expect(validateBookingForm({ ...inItaly, italyEInvoicingFiscalCode: 'RSSMRA80A01H501U', italyEInvoicingReferenceType: 'NONE' }, italian)).toEqual({});
  });

  it('requires the tax id (not the reference) in other countries, and nothing before a country is chosen', () => {
    expect(codes(validateBookingForm(validForm({ ...billing, vatCountryCode: 'DE' }), italian))).toEqual({ italyEInvoicingFiscalCode: 'error.emptyField' });
    expect(codes(validateBookingForm(validForm({ ...billing, vatCountryCode: '' }), italian))).toEqual({ vatCountryCode: 'error.emptyField' });
  });

  it('makes the tax id optional once skip-VAT is ticked (spec 4)', () => {
    const skipping = validForm({ ...billing, vatCountryCode: 'DE', addCompanyBillingDetails: true, skipVatNr: true });
    expect(validateBookingForm(skipping, italian)).toEqual({});
  });

  it('requires an addressee code of at most 7 characters, or a valid PEC', () => {
    const base = { ...inItaly, italyEInvoicingFiscalCode: 'RSSMRA80A01H501U' };
    expect(codes(validateBookingForm({ ...base, italyEInvoicingReferenceType: 'ADDRESSEE_CODE' }, italian))).toEqual({
      italyEInvoicingReferenceAddresseeCode: 'error.emptyField',
    });
    expect(codes(validateBookingForm({ ...base, italyEInvoicingReferenceType: 'ADDRESSEE_CODE', italyEInvoicingReferenceAddresseeCode: 'ABCDEFGH' }, italian))).toEqual({
      italyEInvoicingReferenceAddresseeCode: 'error.tooLong 7',
    });
    expect(codes(validateBookingForm({ ...base, italyEInvoicingReferenceType: 'PEC' }, italian))).toEqual({ italyEInvoicingReferencePEC: 'error.emptyField' });
    expect(codes(validateBookingForm({ ...base, italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferencePEC: 'pec' }, italian))).toEqual({
      italyEInvoicingReferencePEC: 'error.STEP_2_INVALID_EMAIL',
    });
    expect(validateBookingForm({ ...base, italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferencePEC: 'a@pec.it' }, italian)).toEqual({});
  });

  it('clears the other reference fields when the type changes (spec 4)', () => {
    expect(italianReferenceTypePatch('ADDRESSEE_CODE')).toEqual({ italyEInvoicingReferenceType: 'ADDRESSEE_CODE', italyEInvoicingReferencePEC: '' });
    expect(italianReferenceTypePatch('PEC')).toEqual({ italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferenceAddresseeCode: '' });
    expect(italianReferenceTypePatch('NONE')).toEqual({
      italyEInvoicingReferenceType: 'NONE',
      italyEInvoicingReferenceAddresseeCode: '',
      italyEInvoicingReferencePEC: '',
    });
  });
});

describe('validateBookingForm: attendees (spec 5)', () => {
  const ticket = makeTicket(TICKET_A);

  it('requires names and a valid e-mail per ticket, under the server field names', () => {
    const values = validForm({ tickets: { [TICKET_A]: attendee({ firstName: '', lastName: '', email: 'nope' }) } });
    expect(codes(validateBookingForm(values, context({ tickets: [ticket] })))).toEqual({
      [`tickets[${TICKET_A}].firstName`]: 'error.STEP_2_EMPTY_FIRSTNAME',
      [`tickets[${TICKET_A}].lastName`]: 'error.STEP_2_EMPTY_LASTNAME',
      [`tickets[${TICKET_A}].email`]: 'error.email',
    });
  });

  it('checks no attendee while the assignment is postponed', () => {
    const values = validForm({ postponeAssignment: true, tickets: { [TICKET_A]: attendee({ firstName: '' }) } });
    expect(validateBookingForm(values, context({ tickets: [ticket] }))).toEqual({});
  });

  it('leaves read-only fields to the server: a locked ticket, an e-mail locked for edits', () => {
    const values = validForm({ tickets: { [TICKET_A]: attendee({ firstName: '', email: '' }) } });
    expect(validateBookingForm(values, context({ tickets: [makeTicket(TICKET_A, { locked: true })] }))).toEqual({});
    expect(codes(validateBookingForm(values, context({ lockEmailEdit: true, tickets: [makeTicket(TICKET_A, { email: 'kept@example.org' })] })))).toEqual({
      [`tickets[${TICKET_A}].firstName`]: 'error.STEP_2_EMPTY_FIRSTNAME',
    });
  });

  it('requires extra fields as configured, at index 0', () => {
    const withFields = makeTicket(TICKET_A, {
      ticketFieldConfigurationBeforeStandard: [makeField('company', { required: true })],
      ticketFieldConfigurationAfterStandard: [makeField('diet', { type: 'checkbox', required: true, restrictedValues: ['veg', 'vegan'] }), makeField('notes')],
    });
    const values = validForm({ tickets: { [TICKET_A]: attendee({ additional: { company: [' '], diet: [] } }) } });
    expect(codes(validateBookingForm(values, context({ tickets: [withFields] })))).toEqual({
      [`tickets[${TICKET_A}].additional[company][0]`]: 'error.emptyField',
      [`tickets[${TICKET_A}].additional[diet][0]`]: 'error.emptyField',
    });
  });

  it('checks lengths of text fields and the allowed values of choices, at the index of the value', () => {
    const withFields = makeTicket(TICKET_A, {
      ticketFieldConfigurationAfterStandard: [
        makeField('code', { minLength: 3, maxLength: 5 }),
        makeField('bio', { type: 'textarea', maxLength: 4 }),
        makeField('size', { type: 'select', restrictedValues: ['S', 'M'] }),
        makeField('topics', { type: 'checkbox', restrictedValues: ['a', 'b'] }),
      ],
    });
    const values = validForm({ tickets: { [TICKET_A]: attendee({ additional: { code: ['ab'], bio: ['hello'], size: ['XL'], topics: ['a', 'z'] } }) } });
    expect(codes(validateBookingForm(values, context({ tickets: [withFields] })))).toEqual({
      [`tickets[${TICKET_A}].additional[code][0]`]: 'error.tooShort 3',
      [`tickets[${TICKET_A}].additional[bio][0]`]: 'error.tooLong 4',
      [`tickets[${TICKET_A}].additional[size][0]`]: 'error.restrictedValue',
      [`tickets[${TICKET_A}].additional[topics][1]`]: 'error.restrictedValue',
    });
  });

  it('accepts a date of birth up to yesterday, and reads its limits as ages', () => {
    const dob = makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [makeField('dob', { type: 'input:dateOfBirth' })] });
    const check = (value: string, ticket = dob) =>
      codes(validateBookingForm(validForm({ tickets: { [TICKET_A]: attendee({ additional: { dob: [value] } }) } }), context({ tickets: [ticket] })))[
        `tickets[${TICKET_A}].additional[dob][0]`
      ];
    expect(check('2024-06-14')).toBeUndefined();
    expect(check('2024-06-15')).toBe('error.dateOfBirthInFuture');
    expect(check('2024-02-30')).toBe('error.invalidDate');
    const adults = makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [makeField('dob', { type: 'input:dateOfBirth', minLength: 18, maxLength: 99 })] });
    expect(check('2006-06-16', adults)).toBe('error.tooYoung 18');
    expect(check('2006-06-15', adults)).toBeUndefined();
    expect(check('1900-01-01', adults)).toBe('error.tooOld 99');
  });

  it('leaves a filled, non-editable extra field of an acquired ticket alone', () => {
    const acquired = makeTicket(TICKET_A, {
      acquired: true,
      ticketFieldConfigurationAfterStandard: [makeField('code', { editable: false, maxLength: 2, value: 'long value' })],
    });
    const values = validForm({ tickets: { [TICKET_A]: attendee({ additional: { code: ['long value'] } }) } });
    expect(validateBookingForm(values, context({ tickets: [acquired] }))).toEqual({});
  });

  it('checks the extra fields of additional services under their own names', () => {
    const values = validForm({
      tickets: { [TICKET_B]: attendee() },
      additionalServices: { [TICKET_B]: [{ additionalServiceItemId: 7, ticketUUID: TICKET_B, additional: { shirt: [] } }] },
    });
    const services = [{ itemId: 7, ticketUUID: TICKET_B, ticketFieldConfiguration: [makeField('shirt', { required: true })] }];
    expect(codes(validateBookingForm(values, context({ tickets: [makeTicket(TICKET_B)], additionalServices: services })))).toEqual({
      [`additionalServices[${TICKET_B}][0].additional[shirt][0]`]: 'error.emptyField',
    });
  });

  it('checks a different subscription owner', () => {
    const values = validForm({ differentSubscriptionOwner: true, subscriptionOwner: { firstName: '', lastName: 'X', email: 'x', additional: {} } });
    expect(codes(validateBookingForm(values, context()))).toEqual({
      'subscriptionOwner.firstName': 'error.STEP_2_EMPTY_FIRSTNAME',
      'subscriptionOwner.email': 'error.STEP_2_INVALID_EMAIL',
    });
  });
});

describe('booking form helpers', () => {
  it('decides how the invoice is offered (spec 2)', () => {
    expect(invoiceModeOf(invoicing({ onlyInvoice: true }), true)).toBe('none');
    expect(invoiceModeOf(invoicing({ onlyInvoice: true }), false)).toBe('always');
    expect(invoiceModeOf(invoicing({ invoiceAllowed: true }), false)).toBe('on-request');
    expect(invoiceModeOf(invoicing({ invoiceAllowed: false }), false)).toBe('none');
  });

  it('clears company, VAT number and skip flag of an invoice without company details before submit (spec 4)', () => {
    const values = validForm({ addCompanyBillingDetails: false, billingAddressCompany: 'ACME', vatNr: '1', skipVatNr: true, billingAddressLine1: 'x' });
    expect(bookingFormForSubmit(values)).toMatchObject({ billingAddressCompany: '', vatNr: '', skipVatNr: false, billingAddressLine1: 'x' });
    const business = { ...values, addCompanyBillingDetails: true };
    expect(bookingFormForSubmit(business)).toBe(business);
  });

  it('presets the only content language, and reads saved extra values by index', () => {
    const ticket = makeTicket(TICKET_A, {
      ticketFieldConfigurationAfterStandard: [makeField('topics', { fields: [{ fieldIndex: 1, fieldValue: 'b' }, { fieldIndex: 0, fieldValue: 'a' }] })],
    });
    expect(ticketFormValuesOf(ticket, [{ locale: 'it' }], 'en')).toMatchObject({ userLanguage: 'it', additional: { topics: ['a', 'b'] } });
    expect(ticketFormValuesOf(ticket, [{ locale: 'it' }, { locale: 'en' }], 'en').userLanguage).toBe('en');
  });

  it('offers postponing the assignment only in the spec 2 case', () => {
    const offered = { additionalServiceCount: 0, forceAssignment: false, ticketCount: 2, containsCategoriesLinkedToGroups: false };
    expect(postponeAssignmentOffered(offered)).toBe(true);
    expect(postponeAssignmentOffered({ ...offered, ticketCount: 1 })).toBe(false);
    expect(postponeAssignmentOffered({ ...offered, forceAssignment: true })).toBe(false);
    expect(postponeAssignmentOffered({ ...offered, additionalServiceCount: 1 })).toBe(false);
    expect(postponeAssignmentOffered({ ...offered, containsCategoriesLinkedToGroups: true })).toBe(false);
  });
});
