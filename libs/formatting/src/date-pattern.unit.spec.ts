import { describe, expect, it } from 'vitest';
import { formatDatePattern, tokenize } from './date-pattern.js';

// 2026-03-04 18:30 UTC: a Wednesday, 19:30 in Zurich (CET, +01:00)
const instant = new Date('2026-03-04T18:30:00Z');

describe('formatDatePattern', () => {
  it('formats the event date pattern with each language names, as Java CLDR prints them', () => {
    const pattern = 'EEE dd MMM yyyy';
    expect(formatDatePattern(instant, pattern, 'en', 'Europe/Zurich')).toBe('Wed 04 Mar 2026');
    expect(formatDatePattern(instant, pattern, 'it', 'Europe/Zurich')).toBe('mer 04 mar 2026');
    expect(formatDatePattern(instant, pattern, 'de', 'Europe/Zurich')).toBe('Mi. 04 März 2026');
    expect(formatDatePattern(instant, pattern, 'fr', 'Europe/Zurich')).toBe('mer. 04 mars 2026');
  });

  it('uses the time zone for every field, including the day', () => {
    expect(formatDatePattern(instant, 'HH:mm', 'en', 'Europe/Zurich')).toBe('19:30');
    expect(formatDatePattern(instant, 'dd.MM.yyyy HH:mm', 'de', 'America/New_York')).toBe('04.03.2026 13:30');
    expect(formatDatePattern(new Date('2026-03-04T23:30:00Z'), 'EEE dd', 'en', 'Asia/Tokyo')).toBe('Thu 05');
  });

  it('knows full names, short numeric fields and quoted literals', () => {
    expect(formatDatePattern(instant, 'EEEE, d MMMM', 'it', 'Europe/Rome')).toBe('mercoledì, 4 marzo');
    expect(formatDatePattern(instant, "d. MMMM yy 'um' H 'Uhr'", 'de', 'Europe/Berlin')).toBe('4. März 26 um 19 Uhr');
    expect(formatDatePattern(instant, "dd/MM/yyyy HH:mm:ss ''x''", 'en', 'UTC')).toBe("04/03/2026 18:30:00 'x'");
  });

  it('cuts a pattern into fields and literals', () => {
    expect(tokenize("dd.MM 'at' HH")).toEqual([
      { kind: 'field', text: 'dd' },
      { kind: 'literal', text: '.' },
      { kind: 'field', text: 'MM' },
      { kind: 'literal', text: ' ' },
      { kind: 'literal', text: 'at' },
      { kind: 'literal', text: ' ' },
      { kind: 'field', text: 'HH' },
    ]);
  });
});
