import { describe, expect, it } from 'vitest';
import { fiscalCodeMatchesName, isValidFiscalCode, isValidItalianVatNumber } from './italian-tax-id.js';

describe('Italian tax ids', () => {
  it('accepts a fiscal code whose check letter matches, in any case', () => {
    expect(isValidFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidFiscalCode(' rssmra85t10a562s ')).toBe(true);
  });

  it.each(['RSSMRA85T10A562T', 'RSSMRA85T10A562', 'RSSMRA85T10A562S1', 'RSSMRA85T10A56-S', ''])('refuses the fiscal code %j', (code) => {
    expect(isValidFiscalCode(code)).toBe(false);
  });

  it('accepts an 11-digit fiscal code only as a valid company VAT number', () => {
    expect(isValidFiscalCode('00743110157')).toBe(true);
    expect(isValidFiscalCode('00743110158')).toBe(false);
  });

  it.each([
    ['00743110157', true],
    ['00743110158', false],
    ['0074311015', false],
    ['0074311015A', false],
  ])('VAT number %s is valid: %s', (nr, valid) => {
    expect(isValidItalianVatNumber(nr)).toBe(valid);
  });

  it('matches a fiscal code with surname then first name letters', () => {
    expect(fiscalCodeMatchesName('Mario', 'Rossi', 'RSSMRA85T10A562S')).toBe(true);
    expect(fiscalCodeMatchesName('Luigi', 'Rossi', 'RSSMRA85T10A562S')).toBe(false);
  });

  it("drops a first name's second consonant when it has four or more", () => {
    // Gianfranco: consonants G N F R N C -> G F R
    const code = 'RSSGFR80A01H501';
    const valid = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => code + c).find((c) => isValidFiscalCode(c))!;
    expect(fiscalCodeMatchesName('Gianfranco', 'Rossi', valid)).toBe(true);
  });
});
