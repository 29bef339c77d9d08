import { euCountryCodes } from '@ticketing/i18n';
import { describe, expect, it } from 'vitest';
import { isPlausibleEuVatNumber, MAX_VAT_FIELD_CHECKS, taxIdOf, vatFieldChecks, vatPrefixOf, viesQuery, vatCheckRequest } from './eu-vat-number.js';
import { T1, T2, attendee, context, form, invoicing, question } from './booking.fixtures.js';

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

describe('the tax id an invoice keeps', () => {
  it.each([
    ['DE', 'DE 123.456.789', '123456789'],
    ['el', 'GR094014201', '094014201'],
    ['CH', 'CHE-123.456.788 MWST', 'CHE-123.456.788 MWST'],
    ['GB', 'GB123456789', 'GB123456789'],
    ['NO', ' NO123456789MVA ', 'NO123456789MVA'],
  ])('in %s, %j is kept as %j', (country, number, kept) => {
    expect(taxIdOf(country, number, euCountryCodes)).toBe(kept);
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

describe('which vat:eu answers the server asks VIES about', () => {
  const vat = question({ name: 'vat', type: 'vat:eu' });
  const asked = context({
    tickets: [
      { ticketId: T1, questions: [vat] },
      { ticketId: T2, questions: [vat] },
    ],
    items: [{ itemId: 1, questions: [question({ name: 'companyVat', type: 'vat:eu' })] }],
  });
  const answering = (first: string[], second: string[], item: string[] = []) =>
    form({
      tickets: { [T1]: attendee({ additional: { vat: first } }), [T2]: attendee({ additional: { vat: second } }) },
      additionalServices: { [T1]: [{ additionalServiceItemId: 1, ticketUUID: T1, additional: { companyVat: item } }] },
    });

  it('asks about each well-formed number once, in its own country, else in the organizer\'s when it is in the EU', () => {
    const checks = vatFieldChecks(answering(['DE 123.456.789'], ['de123456789', ''], ['123456789']), asked, 'AT');
    expect(checks).toEqual([
      { key: 'DE123456789', country: 'DE', number: 'DE123456789' },
      { key: '123456789', country: 'AT', number: '123456789' },
    ]);
    // an organizer outside the EU leaves a number without prefix to its format; a malformed one fails without asking
    expect(vatFieldChecks(answering(['123456789'], ['NOT-A-VAT']), asked, 'CH')).toEqual([]);
    expect(vatFieldChecks(answering(['EL094014201'], []), asked, null)).toEqual([{ key: 'EL094014201', country: 'EL', number: 'EL094014201' }]);
  });

  it('asks nothing when the event does not check EU VAT numbers, and at most a bounded number of times', () => {
    expect(vatFieldChecks(answering(['DE123456789'], []), { ...asked, invoicing: invoicing({ euVatCheckingEnabled: false }) }, 'DE')).toEqual([]);
    const many = Array.from({ length: MAX_VAT_FIELD_CHECKS + 5 }, (_, i) => `DE${String(100000000 + i)}`);
    expect(vatFieldChecks(answering(many, []), asked, null)).toHaveLength(MAX_VAT_FIELD_CHECKS);
  });
});
