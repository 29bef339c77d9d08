import { describe, expect, it } from 'vitest';
import { displayLanguage, languages } from './index.js';

describe('languages', () => {
  it('lists the supported languages, each named in itself and capitalised', () => {
    expect(languages()).toEqual([
      { locale: 'en', displayLanguage: 'English' },
      { locale: 'it', displayLanguage: 'Italiano' },
      { locale: 'de', displayLanguage: 'Deutsch' },
      { locale: 'fr', displayLanguage: 'Français' },
    ]);
  });

  it('names other languages in themselves too', () => {
    expect(displayLanguage('es')).toBe('Español');
    expect(displayLanguage('nl')).toBe('Nederlands');
  });
});
