import { euCountryCodes } from '@ticketing/i18n';
import { describe, expect, it } from 'vitest';
import { isPlausibleEuVatNumber, vatPrefixOf, viesQuery, vatCheckRequest } from './eu-vat-number.js';

describe('EU VAT numbers', () => {
  it('spells Greece EL', () => {
    expect([vatPrefixOf('GR'), vatPrefixOf('de')]).toEqual(['EL', 'DE']);
  });

  it.each([
    ['DE', 'DE 123.456.789', 'DE', '123456789'],
    ['de', '123456789', 'DE', '123456789'],
    ['GR', 'EL-123456789', 'EL', '123456789'],
    ['GR', 'GR123456789', 'EL', '123456789'],
    ['EL', '123 456 789', 'EL', '123456789'],
    ['IT', 'it00743110157', 'IT', '00743110157'],
  ])('asks VIES for %s %j as %s %s', (country, number, expectedCountry, expectedNumber) => {
    expect(viesQuery(country, number)).toEqual({ countryCode: expectedCountry, vatNumber: expectedNumber });
  });

  it.each(['DE123456789', 'ATU12345678', 'NL123456789B01', 'EL123456789', 'FRXX123456789', 'ESB12345678', '123456789'])('finds %s plausible', (value) => {
    expect(isPlausibleEuVatNumber(value, euCountryCodes)).toBe(true);
  });

  it.each(['DE12', 'AT12345678', 'NL123456789', 'CHE123456789', 'hello', ''])('finds %j implausible', (value) => {
    expect(isPlausibleEuVatNumber(value, euCountryCodes)).toBe(false);
  });
});

describe('whether a booking asks VIES', () => {
  const business = { vatCountryCode: 'de', vatNr: ' 123456789 ', invoiceRequested: true, addCompanyBillingDetails: true, skipVatNr: false };
  const invoicing = { invoiceAllowed: true, onlyInvoice: false, euVatCheckingEnabled: true, customerReferenceEnabled: false, enabledItalyEInvoicing: false, vatNumberStrictlyRequired: false };
  const terms = { paymentRequired: true, invoicing };

  it('asks for a business invoice with an EU number when the event checks numbers', () => {
    expect(vatCheckRequest(business, terms, euCountryCodes)).toEqual({ country: 'DE', number: '123456789' });
    expect(vatCheckRequest({ ...business, vatCountryCode: 'EL' }, terms, euCountryCodes)).toEqual({ country: 'EL', number: '123456789' });
  });

  it('asks on an invoice-only event even when the form leaves the invoice flag out, as the rules read it', () => {
    expect(vatCheckRequest({ ...business, invoiceRequested: false }, { ...terms, invoicing: { ...invoicing, onlyInvoice: true } }, euCountryCodes)).toEqual({ country: 'DE', number: '123456789' });
  });

  it('asks when the skip is refused because a VAT number is strictly required', () => {
    const strict = { ...terms, invoicing: { ...invoicing, vatNumberStrictlyRequired: true } };
    expect(vatCheckRequest({ ...business, skipVatNr: true }, strict, euCountryCodes)).toEqual({ country: 'DE', number: '123456789' });
  });

  it('does not ask when the event does not check, for a free order, a private invoice, a skipped or empty number, or outside the EU', () => {
    expect(vatCheckRequest(business, { ...terms, invoicing: { ...invoicing, euVatCheckingEnabled: false } }, euCountryCodes)).toBeNull();
    expect(vatCheckRequest(business, { ...terms, paymentRequired: false }, euCountryCodes)).toBeNull();
    expect(vatCheckRequest({ ...business, addCompanyBillingDetails: false }, terms, euCountryCodes)).toBeNull();
    expect(vatCheckRequest({ ...business, invoiceRequested: false }, terms, euCountryCodes)).toBeNull();
    expect(vatCheckRequest({ ...business, skipVatNr: true }, terms, euCountryCodes)).toBeNull();
    expect(vatCheckRequest({ ...business, vatNr: '  ' }, terms, euCountryCodes)).toBeNull();
    expect(vatCheckRequest({ ...business, vatCountryCode: 'CH' }, terms, euCountryCodes)).toBeNull();
  });
});
