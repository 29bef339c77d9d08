import { describe, expect, it } from 'vitest';
import type { BookingForm } from './booking-form.js';
import { bookingErrors, bookingWarnings } from './booking-errors.js';
import { context, errorsOf, form, invoicing, warningsOf } from './booking.fixtures.js';
import { validateBooking } from './validate-booking.js';

const eInvoicing = context({ invoicing: invoicing({ enabledItalyEInvoicing: true, onlyInvoice: true }) });

/** A complete Italian private invoice by addressee code; each spec breaks one thing. */
const italian = (overrides: Partial<BookingForm> = {}) =>
  form({
    invoiceRequested: true,
    firstName: 'Mario',
    lastName: 'Rossi',
    billingAddressLine1: 'Via Roma 1',
    billingAddressZip: '20121',
    billingAddressCity: 'Milano',
    billingAddressState: 'MI',
    vatCountryCode: 'IT',
    italyEInvoicingFiscalCode: 'RSSMRA85T10A562S',
    italyEInvoicingReferenceType: 'ADDRESSEE_CODE',
    italyEInvoicingReferenceAddresseeCode: 'ABC1234',
    ...overrides,
  });

const errors = (overrides: Partial<BookingForm>) => errorsOf(validateBooking(italian(overrides), eInvoicing));

describe('Italian e-invoicing rules', () => {
  it('given the complete invoice, it passes', () => {
    expect(errors({})).toEqual([]);
  });

  describe('given a billing country other than Italy', () => {
    const german = { vatCountryCode: 'DE', billingAddressZip: '10115', billingAddressState: null, italyEInvoicingReferenceType: null };

    it('when the tax id is missing, then it is required', () => {
      expect(errors({ ...german, italyEInvoicingFiscalCode: null })).toEqual([['italyEInvoicingFiscalCode', bookingErrors.emptyField]]);
    });

    it('when the tax id is longer than 28, then error.tooLong carries 28', () => {
      expect(errors({ ...german, italyEInvoicingFiscalCode: 'D'.repeat(29) })).toEqual([['italyEInvoicingFiscalCode', bookingErrors.tooLong, 28]]);
    });

    it('when the tax id is any text, then the Italian checks do not apply', () => {
      expect(errors({ ...german, italyEInvoicingFiscalCode: 'DE-TAX-1' })).toEqual([]);
    });
  });

  it.each([
    ['e-invoicing is off', context({ invoicing: invoicing({ onlyInvoice: true }) })],
    ['the order is free', context({ paymentRequired: false, invoicing: invoicing({ enabledItalyEInvoicing: true, onlyInvoice: true }) })],
  ])('when %s, then nothing Italian is asked', (_, given) => {
    expect(errorsOf(validateBooking(italian({ italyEInvoicingFiscalCode: null, italyEInvoicingReferenceType: null }), given))).toEqual([]);
  });

  it('when the reference type is missing, then a value must be selected', () => {
    expect(errors({ italyEInvoicingReferenceType: null })).toEqual([['italyEInvoicingReferenceType', bookingErrors.referenceTypeSelectValue]]);
  });

  it.each([
    [null, [['italyEInvoicingReferenceAddresseeCode', bookingErrors.emptyField]]],
    ['ABC12', [['italyEInvoicingReferenceAddresseeCode', bookingErrors.lengthMustBe7]]],
    ['ABC-123', [['italyEInvoicingReferenceAddresseeCode', bookingErrors.alphanumeric]]],
    ['AB-12', [['italyEInvoicingReferenceAddresseeCode', bookingErrors.lengthMustBe7], ['italyEInvoicingReferenceAddresseeCode', bookingErrors.alphanumeric]]],
  ])('when the addressee code is %j, then it is refused', (code, expected) => {
    expect(errors({ italyEInvoicingReferenceAddresseeCode: code })).toEqual(expected);
  });

  it.each([
    [null, bookingErrors.emptyField],
    ['mario.pec.it', bookingErrors.invalidEmail],
  ])('when the PEC is %j, then it is refused', (pec, code) => {
    expect(errors({ italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferencePEC: pec })).toEqual([['italyEInvoicingReferencePEC', code]]);
  });

  it.each([
    [null, bookingErrors.length, [2]],
    ['MIL', bookingErrors.length, [2]],
    ['M1', bookingErrors.restrictedValue, []],
  ])('when the province is %j, then it is refused', (state, code, args) => {
    expect(errors({ billingAddressState: state })).toEqual([['billingAddressState', code, ...args]]);
  });

  it.each([
    ['2012', bookingErrors.length, [5]],
    ['2012A', bookingErrors.restrictedValue, []],
  ])('when the postal code is %j, then it is refused', (zip, code, args) => {
    expect(errors({ billingAddressZip: zip })).toEqual([['billingAddressZip', code, ...args]]);
  });

  it('when the postal code is missing, then only the missing value is reported', () => {
    expect(errors({ billingAddressZip: null })).toEqual([['billingAddressZip', bookingErrors.emptyField]]);
  });

  describe('given a business', () => {
    const business = { addCompanyBillingDetails: true, billingAddressCompany: 'Rossi Srl' };

    it.each(['00743110157', 'IT00743110157'])('when the VAT number %s has a right check digit, then it passes', (vatNr) => {
      expect(errors({ ...business, vatNr })).toEqual([]);
    });

    it('when the VAT number has a wrong check digit, then it is an invalid VAT number', () => {
      expect(errors({ ...business, vatNr: '00743110158' })).toEqual([['vatNr', bookingErrors.invalidVat]]);
    });

    it('when the fiscal code is the company VAT number, then it passes without a name check', () => {
      const result = validateBooking(italian({ ...business, vatNr: '00743110157', italyEInvoicingFiscalCode: '00743110157' }), eInvoicing);
      expect(errorsOf(result)).toEqual([]);
      expect(warningsOf(result)).toEqual([]);
    });

    it('when split payment is ticked, then it is recorded', () => {
      const result = validateBooking(italian({ ...business, vatNr: '00743110157', italyEInvoicingSplitPayment: true }), eInvoicing);
      expect(result.booking.billing?.italianEInvoicing?.splitPayment).toBe(true);
    });
  });

  it('when a private buyer ticks split payment, then it is not recorded', () => {
    const result = validateBooking(italian({ italyEInvoicingSplitPayment: true }), eInvoicing);
    expect(result.booking.billing?.italianEInvoicing?.splitPayment).toBe(false);
  });

  it('when the fiscal code check letter is wrong, then it is a restricted value', () => {
    expect(errors({ italyEInvoicingFiscalCode: 'RSSMRA85T10A562T' })).toEqual([['italyEInvoicingFiscalCode', bookingErrors.restrictedValue]]);
  });

  it('when the fiscal code belongs to another name, then only a warning is given', () => {
    const result = validateBooking(italian({ firstName: 'Luigi', lastName: 'Verdi' }), eInvoicing);
    expect(errorsOf(result)).toEqual([]);
    expect(warningsOf(result)).toEqual([['italyEInvoicingFiscalCode', bookingWarnings.fiscalCodeNameMismatch]]);
  });
});
