import { describe, expect, it } from 'vitest';
import { browserLanguages, chooseLanguage, matchLocale } from './choose-language';

const available = ['en', 'de', 'it'];

describe('language guard order (spec 2: query, session storage, browser, en, first available)', () => {
  it('takes the lang query first', () => {
    expect(chooseLanguage({ query: 'it', persisted: 'de', browser: ['de-CH'], available })).toBe('it');
  });

  it('skips a query language that is not available and takes the persisted choice', () => {
    expect(chooseLanguage({ query: 'xx', persisted: 'de', browser: ['it'], available })).toBe('de');
  });

  it('takes the persisted choice before the browser languages', () => {
    expect(chooseLanguage({ persisted: 'de', browser: ['it', 'en'], available })).toBe('de');
  });

  it('takes the first available browser language, by region then by base language', () => {
    expect(chooseLanguage({ browser: ['fr-FR', 'de-CH', 'it'], available })).toBe('de');
  });

  it('falls back to English when nothing else matches', () => {
    expect(chooseLanguage({ query: 'fr', persisted: 'es', browser: ['pt-BR'], available })).toBe('en');
  });

  it('falls back to the first available language when English is not offered', () => {
    expect(chooseLanguage({ browser: ['fr'], available: ['it', 'de'] })).toBe('it');
  });

  it('answers English when no language list could be loaded', () => {
    expect(chooseLanguage({ query: 'de', available: [] })).toBe('en');
  });

  it('matches case-insensitively and answers the available spelling', () => {
    expect(chooseLanguage({ query: 'DE', available })).toBe('de');
    expect(matchLocale('pt_br', ['en', 'pt-BR'])).toBe('pt-BR');
    expect(matchLocale('  ', available)).toBeUndefined();
  });

  it('reads the browser languages, most preferred first', () => {
    expect(browserLanguages({ languages: ['de-CH', 'en'], language: 'de-CH' })).toEqual(['de-CH', 'en']);
    expect(browserLanguages({ languages: [], language: 'it' })).toEqual(['it']);
  });
});
