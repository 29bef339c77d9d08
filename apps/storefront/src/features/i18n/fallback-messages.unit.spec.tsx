import { describe, expect, it } from 'vitest';
import { en } from '@ticketing/i18n';
import { FALLBACK_MESSAGES } from './fallback-messages';

// The fallbacks are a copy (shipping the whole English bundle would cost the page ~30 KB): they must not drift.
describe('fallback messages', () => {
  it.each(Object.entries(FALLBACK_MESSAGES))('%s equals the English bundle', (key, message) => {
    expect((en as Record<string, string>)[key]).toBe(message);
  });
});
