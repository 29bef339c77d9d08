import { describe, expect, it } from 'vitest';
import { languageOutsideContent, pickLocalized, pickLocalizedWithLanguage } from './localized';

const content = [{ locale: 'it' }, { locale: 'en' }];

describe('localized content', () => {
  it('takes the current language, else the first content language, else any text', () => {
    expect(pickLocalized({ en: 'Hello', it: 'Ciao' }, 'en', content)).toBe('Hello');
    expect(pickLocalized({ en: 'Hello', it: 'Ciao' }, 'de', content)).toBe('Ciao');
    expect(pickLocalized({ fr: 'Salut' }, 'de', content)).toBe('Salut');
    expect(pickLocalized({ EN: 'Hello' }, 'en')).toBe('Hello');
    expect(pickLocalized(null, 'en')).toBe('');
  });

  it('says the language of a fallback, for the element that shows it (WCAG 3.1.2), and none for the page\'s own', () => {
    expect(pickLocalizedWithLanguage({ en: 'Hello', it: 'Ciao' }, 'en', content)).toEqual({ text: 'Hello' });
    expect(pickLocalizedWithLanguage({ EN: 'Hello' }, 'en')).toEqual({ text: 'Hello' });
    expect(pickLocalizedWithLanguage({ en: 'Hello', it: 'Ciao' }, 'de', content)).toEqual({ text: 'Ciao', lang: 'it' });
    expect(pickLocalizedWithLanguage({ fr: 'Salut' }, 'de', content)).toEqual({ text: 'Salut', lang: 'fr' });
    expect(pickLocalizedWithLanguage(null, 'en')).toEqual({ text: '' });
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
