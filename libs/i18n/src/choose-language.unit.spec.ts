import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './choose-language.js';

const supported = ['en', 'it', 'de', 'fr'];

describe('chooseLanguage', () => {
  it('takes the lang query first, case-insensitively and by its base language', () => {
    expect(chooseLanguage('DE', 'it', supported)).toBe('de');
    expect(chooseLanguage('fr-CH', undefined, supported)).toBe('fr');
  });
  it('ignores an unsupported query and falls back to Accept-Language by quality', () => {
    expect(chooseLanguage('xx', 'es;q=0.9, it;q=0.8, de;q=0.5', supported)).toBe('it');
    expect(chooseLanguage(undefined, 'de-CH, fr;q=0.9', supported)).toBe('de');
    expect(chooseLanguage(undefined, 'fr;q=0, it;q=0.1', supported)).toBe('it');
  });
  it('ends with English', () => {
    expect(chooseLanguage(undefined, undefined, supported)).toBe('en');
    expect(chooseLanguage(undefined, 'ja, ko', supported)).toBe('en');
  });
});
