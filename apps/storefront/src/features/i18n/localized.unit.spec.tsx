import { describe, expect, it } from 'vitest';
import { languageOutsideContent, pickLocalized } from './localized';

const content = [{ locale: 'it' }, { locale: 'en' }];

describe('localized content', () => {
  it('takes the current language, else the first content language, else any text', () => {
    expect(pickLocalized({ en: 'Hello', it: 'Ciao' }, 'en', content)).toBe('Hello');
    expect(pickLocalized({ en: 'Hello', it: 'Ciao' }, 'de', content)).toBe('Ciao');
    expect(pickLocalized({ fr: 'Salut' }, 'de', content)).toBe('Salut');
    expect(pickLocalized({ EN: 'Hello' }, 'en')).toBe('Hello');
    expect(pickLocalized(null, 'en')).toBe('');
  });
});

describe('language outside the content languages', () => {
  it('keeps the current language when the page offers it', () => {
    expect(languageOutsideContent('it', ['en', 'it'], [])).toBeUndefined();
    expect(languageOutsideContent('fr', [], [])).toBeUndefined();
  });

  it('otherwise picks the browser preference, then English, then the first offered', () => {
    expect(languageOutsideContent('fr', ['en', 'it'], ['it-CH', 'fr'])).toBe('it');
    expect(languageOutsideContent('fr', ['de', 'en'], ['es'])).toBe('en');
    expect(languageOutsideContent('fr', ['it', 'de'], [])).toBe('it');
  });
});
