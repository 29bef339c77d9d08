import { describe, expect, it } from 'vitest';
import { isCanonicalEmail, isLikelyMisspelledDomain, isValidEmail } from './email-address.js';

describe('e-mail addresses', () => {
  it.each(['test@example.org', 'test@localhost', 'test_test-test@sub.sub.example-example.org', 'test@example.เน็ต.ไทย'])('%s is valid', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['test.example.org', 'test_test-test', '@example.org', 'test@example.org.', 'te st@example.org'])('%s is invalid', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it.each(['test@example.org', 'test@sub.example.org', 'test@example.เน็ต.ไทย'])('%s is canonical', (email) => {
    expect(isCanonicalEmail(email)).toBe(true);
  });

  it.each(['test@example.o', 'test@example.org.', 'test@example.org<', 'test@localhost'])('%s is not canonical', (email) => {
    expect(isCanonicalEmail(email)).toBe(false);
  });

  it.each([
    ['gmial.com', true],
    ['gmai.com', true],
    ['yahooo.com', true],
    ['gmail.com', false],
    ['mail.com', false],
    ['example.org', false],
  ])('%s is one typo from a common provider: %s', (domain, expected) => {
    expect(isLikelyMisspelledDomain(domain)).toBe(expected);
  });
});
