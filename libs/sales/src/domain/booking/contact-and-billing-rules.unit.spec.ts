import { describe, expect, it } from 'vitest';
import { bookingErrors, bookingWarnings } from './booking-errors.js';
import { context, errorsOf, form, invoicing, swissAddress, warningsOf } from './booking.fixtures.js';
import { validateBooking } from './validate-booking.js';

const long = (n: number) => 'x'.repeat(n);

describe('contact rules', () => {
  it.each([
    ['empty', '', bookingErrors.emptyEmail, []],
    ['blank', '   ', bookingErrors.emptyEmail, []],
    ['longer than 255', `${long(250)}@example.org`, bookingErrors.emailTooLong, [255]],
    ['without @', 'ada.example.org', bookingErrors.invalidEmail, []],
    ['ending with a dot', 'ada@example.org.', bookingErrors.invalidEmail, []],
  ])('when the e-mail is %s, then it is refused', (_, email, code, args) => {
    expect(errorsOf(validateBooking(form({ email }), context()))).toEqual([['email', code, ...args]]);
  });

  it.each(['ada@localhost', 'ada@gmial.com', 'ada@gmail.con', 'ada@hotmal.com'])('when the e-mail %s looks mistyped, then a warning carries it', (email) => {
    const result = validateBooking(form({ email }), context());
    expect(errorsOf(result)).toEqual([]);
    expect(warningsOf(result)).toEqual([['email', bookingWarnings.emailTypo, email]]);
  });

  it.each(['ada@gmail.com', 'ada@mail.com', 'ada@example.org', 'ada@sub.example.co.uk'])('when the e-mail %s is plausible, then no warning', (email) => {
    expect(warningsOf(validateBooking(form({ email }), context()))).toEqual([]);
  });

  it.each([
    ['firstName', { firstName: null }, bookingErrors.emptyFirstName, []],
    ['firstName', { firstName: long(256) }, bookingErrors.firstNameTooLong, [255]],
    ['lastName', { lastName: ' ' }, bookingErrors.emptyLastName, []],
    ['lastName', { lastName: long(256) }, bookingErrors.lastNameTooLong, [255]],
  ])('when %s is %j, then it is refused', (name, overrides, code, args) => {
    expect(errorsOf(validateBooking(form(overrides), context()))).toEqual([[name, code, ...args]]);
  });

  it('accepts names of exactly 255 characters', () => {
    expect(errorsOf(validateBooking(form({ firstName: long(255), lastName: long(255) }), context()))).toEqual([]);
  });
});

describe('billing rules', () => {
  const invoice = (overrides = {}) => form({ invoiceRequested: true, ...swissAddress, ...overrides });

  it('when an invoice is requested without an address, then line 1, zip, city and country are each required', () => {
    expect(errorsOf(validateBooking(form({ invoiceRequested: true }), context()))).toEqual([
      ['billingAddressLine1', bookingErrors.emptyField],
      ['billingAddressZip', bookingErrors.emptyField],
      ['billingAddressCity', bookingErrors.emptyField],
      ['vatCountryCode', bookingErrors.emptyField],
    ]);
  });

  it('when no invoice is requested, then the address is not looked at', () => {
    expect(errorsOf(validateBooking(form({ invoiceRequested: false, billingAddressZip: long(100) }), context()))).toEqual([]);
  });

  it.each([
    ['billingAddressLine1', 257, 256],
    ['billingAddressLine2', 257, 256],
    ['billingAddressZip', 52, 51],
    ['billingAddressCity', 257, 256],
  ])('when %s is longer than allowed, then error.tooLong carries the limit', (name, length, limit) => {
    expect(errorsOf(validateBooking(invoice({ [name]: long(length) }), context()))).toEqual([[name, bookingErrors.tooLong, limit]]);
  });

  it('when a business name is longer than 255, then error.tooLong carries 255', () => {
    const result = validateBooking(invoice({ addCompanyBillingDetails: true, skipVatNr: true, billingAddressCompany: long(256) }), context());
    expect(errorsOf(result)).toEqual([['billingAddressCompany', bookingErrors.tooLong, 255]]);
  });

  it('when the country is no ISO code, then it is a restricted value', () => {
    expect(errorsOf(validateBooking(invoice({ vatCountryCode: 'XX' }), context()))).toEqual([['vatCountryCode', bookingErrors.restrictedValue]]);
  });

  it('when Greece comes as its VAT prefix EL, then it is accepted and recorded as GR', () => {
    const result = validateBooking(invoice({ vatCountryCode: 'el' }), context());
    expect(errorsOf(result)).toEqual([]);
    expect(result.booking.billing?.country).toBe('GR');
  });

  it('when a business gives no VAT number and does not skip it, then the VAT number is required', () => {
    const result = validateBooking(invoice({ addCompanyBillingDetails: true, billingAddressCompany: 'ACME AG' }), context());
    expect(errorsOf(result)).toEqual([['vatNr', bookingErrors.emptyField]]);
  });

  describe('given the EU VAT check ran before validation', () => {
    const business = invoice({ addCompanyBillingDetails: true, billingAddressCompany: 'ACME GmbH', vatCountryCode: 'DE', vatNr: 'DE 123.456.789' });

    it.each([
      ['INVALID', bookingErrors.invalidVat],
      ['UNAVAILABLE', bookingErrors.viesDown],
    ] as const)('when it answered %s, then the VAT number is refused with %s', (status, code) => {
      expect(errorsOf(validateBooking(business, context({ vatCheck: { status } })))).toEqual([['vatNr', code]]);
    });

    it('when it answered VALID, then the number is recorded without prefix and separators', () => {
      const result = validateBooking(business, context({ vatCheck: { status: 'VALID' } }));
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.billing?.taxId).toBe('123456789');
    });

    it('when EU VAT checking is off, then its outcome is not held against the buyer', () => {
      const result = validateBooking(business, context({ vatCheck: { status: 'INVALID' }, invoicing: invoicing({ euVatCheckingEnabled: false }) }));
      expect(errorsOf(result)).toEqual([]);
    });

    it('when the buyer skipped the VAT number, then the outcome does not matter', () => {
      const result = validateBooking(invoice({ addCompanyBillingDetails: true, skipVatNr: true, vatNr: 'DE1' }), context({ vatCheck: { status: 'INVALID' } }));
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.billing?.taxId).toBeNull();
    });
  });

  it.each([
    ['CH', 'CHE-123.456.788 MWST', 'CHE-123.456.788 MWST'],
    ['CH', ' CHE123456788 ', 'CHE123456788'],
    ['GB', 'GB 123 4567 89', 'GB 123 4567 89'],
    ['NO', 'NO 123 456 789 MVA', 'NO 123 456 789 MVA'],
    ['US', '12-3456789', '12-3456789'],
    ['AT', 'ATU 1234 5678', 'U12345678'],
    ['GR', 'EL-094014201', '094014201'],
  ])('when a business outside or inside the EU gives its number (%s %j), then the invoice keeps %j', (country, vatNr, taxId) => {
    const business = invoice({ addCompanyBillingDetails: true, billingAddressCompany: 'ACME', vatCountryCode: country, vatNr });
    const result = validateBooking(business, context({ vatCheck: { status: 'VALID' } }));
    expect(errorsOf(result)).toEqual([]);
    expect(result.booking.billing?.taxId).toBe(taxId);
  });

  describe('customer reference', () => {
    it('when enabled and longer than 50, then error.tooLong carries 50', () => {
      expect(errorsOf(validateBooking(form({ customerReference: long(51) }), context()))).toEqual([['customerReference', bookingErrors.tooLong, 50]]);
    });

    it('when not enabled, then it is neither checked nor recorded', () => {
      const result = validateBooking(form({ customerReference: long(51) }), context({ invoicing: invoicing({ customerReferenceEnabled: false }) }));
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.customerReference).toBeNull();
    });
  });
});
