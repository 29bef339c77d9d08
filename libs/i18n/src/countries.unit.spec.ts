import { describe, expect, it } from 'vitest';
import { countries, countriesVat, euCountriesVat, isoCodeFromVatCode, isoCountryCodes } from './index.js';

const frenchOrder = new Intl.Collator('fr');
const isSorted = (names: string[]) => names.every((name, i) => i === 0 || frenchOrder.compare(names[i - 1] as string, name) <= 0);

describe('countries', () => {
  it('lists every ISO 3166-1 alpha-2 code once', () => {
    expect(isoCountryCodes).toHaveLength(249);
    expect(new Set(isoCountryCodes).size).toBe(249);
    for (const lang of ['en', 'it', 'de', 'fr']) {
      const list = countries(lang);
      expect(list).toHaveLength(249);
      expect(new Set(list.map((c) => c.isoCode))).toEqual(new Set(isoCountryCodes));
      expect(list.filter((c) => c.name === c.isoCode || c.name === '')).toEqual([]);
    }
  });

  it.each(['en', 'it', 'de', 'fr'])('sorts the %s names with a French collator', (lang) => {
    expect(isSorted(countries(lang).map((c) => c.name))).toBe(true);
  });

  it('names Switzerland in each language', () => {
    const ch = (lang: string) => countries(lang).find((c) => c.isoCode === 'CH')?.name;
    expect(['en', 'it', 'de', 'fr'].map(ch)).toEqual(['Switzerland', 'Svizzera', 'Schweiz', 'Suisse']);
  });

  it('sorts accented names with their base letter, not after Z', () => {
    const names = countries('fr').map((c) => c.name);
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'));
    expect(names.indexOf('Égypte')).toBeGreaterThan(names.indexOf('Dominique'));
  });

  it('uses English names for an unknown or malformed language', () => {
    expect(countries('xx')).toEqual(countries('en'));
    expect(countries('not a language')).toEqual(countries('en'));
  });

  it('reports Greece as EL in the VAT list', () => {
    const vat = countriesVat('en');
    expect(vat).toHaveLength(249);
    expect(vat.find((c) => c.isoCode === 'EL')?.name).toBe('Greece');
    expect(vat.some((c) => c.isoCode === 'GR')).toBe(false);
    expect(countries('en').some((c) => c.isoCode === 'GR')).toBe(true);
    expect(isoCodeFromVatCode('el')).toBe('GR');
  });

  it('lists the 27 EU member states, Greece as EL, sorted', () => {
    for (const lang of ['en', 'de']) {
      const eu = euCountriesVat(lang);
      expect(eu).toHaveLength(27);
      expect(eu.map((c) => c.isoCode)).toContain('EL');
      expect(eu.map((c) => c.isoCode)).not.toContain('CH');
      expect(isSorted(eu.map((c) => c.name))).toBe(true);
    }
  });

  it('hands out lists the caller may change without changing the next answer', () => {
    const first = countries('en');
    first.pop();
    expect(countries('en')).toHaveLength(249);
  });
});
