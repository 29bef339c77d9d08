import { describe, expect, it } from 'vitest';
import { bundleFor, bundles, placeholdersOf, paymentMethodLabelKeys, paymentMethods, resolveLanguage, supportedLanguages } from './index.js';

const english = bundles.en;
const englishKeys = Object.keys(english).sort();
const translations = supportedLanguages.filter((lang) => lang !== 'en');

describe('message bundles', () => {
  it('exist for exactly the supported languages', () => {
    expect(Object.keys(bundles).sort()).toEqual([...supportedLanguages].sort());
  });

  it('hold several hundred keys', () => {
    expect(englishKeys.length).toBeGreaterThan(500);
  });

  it.each(translations)('%s has exactly the English keys', (lang) => {
    const keys = Object.keys(bundles[lang]).sort();
    expect(keys.filter((k) => !(k in english)), 'keys English lacks').toEqual([]);
    expect(englishKeys.filter((k) => !(k in bundles[lang])), 'keys missing').toEqual([]);
  });

  it.each(supportedLanguages)('%s has no empty message', (lang) => {
    const empty = Object.entries(bundles[lang]).filter(([, message]) => message.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(translations)('%s uses the same placeholders as English in every message', (lang) => {
    const mismatches = englishKeys
      .map((key) => ({ key, en: placeholdersOf(english[key] ?? ''), [lang]: placeholdersOf(bundles[lang][key] ?? '') }))
      .filter((row) => JSON.stringify(row.en) !== JSON.stringify(row[lang]));
    expect(mismatches).toEqual([]);
  });

  it.each(translations)('%s is translated, not copied from English', (lang) => {
    const same = englishKeys.filter((key) => bundles[lang][key] === english[key]);
    // Brand names, codes and date patterns legitimately stay the same; a forgotten section would not.
    expect(same.length / englishKeys.length).toBeLessThan(0.1);
  });

  it.each(supportedLanguages)('%s writes placeholders ngx-style and carries no HTML', (lang) => {
    const bad = Object.entries(bundles[lang]).filter(
      ([, message]) => /(?<!\{)\{\d+\}(?!\})/.test(message) || /<\/?[a-z][^>]*>/i.test(message) || message.includes("''"),
    );
    expect(bad).toEqual([]);
  });

  it.each(supportedLanguages)('%s names itself in its locale key and names every supported language', (lang) => {
    expect(bundles[lang]['locale']).toBe(lang);
    for (const code of supportedLanguages) expect(bundles[lang][`language.${code}`]).toBeTruthy();
  });

  it('translate "or" as alf.io does', () => {
    expect(supportedLanguages.map((lang) => bundles[lang]['common.or'])).toEqual(['or', 'o', 'oder', 'ou']);
  });

  it.each(supportedLanguages)('%s keeps the date patterns the server formats with', (lang) => {
    expect(bundles[lang]).toMatchObject({
      'common.event.date-format': 'EEE dd MMM yyyy',
      'common.event.time-format': 'HH:mm',
      'common.ticket-category.date-format': 'dd.MM.yyyy HH:mm',
      'datetime.pattern': 'dd/MM/yyyy HH:mm',
    });
  });

  it('label every payment method, in the display order of the spec', () => {
    expect(paymentMethods).toEqual([
      'CREDIT_CARD', 'PAYPAL', 'IDEAL', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS',
      'PRZELEWY_24', 'BANK_TRANSFER', 'ON_SITE', 'APPLE_PAY', 'KBC', 'NONE',
    ]);
    for (const method of paymentMethods) expect(english[paymentMethodLabelKeys[method]], method).toBeTruthy();
  });
});

describe('bundleFor', () => {
  it('matches the language case-insensitively', () => {
    expect(bundleFor('DE')['common.or']).toBe('oder');
    expect(bundleFor('It')['common.or']).toBe('o');
  });

  it('uses the primary subtag of a regional tag', () => {
    expect(resolveLanguage('de-CH')).toBe('de');
    expect(resolveLanguage('fr_BE')).toBe('fr');
  });

  it('falls back to English for unknown or missing languages', () => {
    expect(bundleFor('xx')).toBe(bundles.en);
    expect(bundleFor('')).toBe(bundles.en);
    expect(bundleFor(undefined)).toBe(bundles.en);
    expect(resolveLanguage('eng')).toBe('en');
  });
});
