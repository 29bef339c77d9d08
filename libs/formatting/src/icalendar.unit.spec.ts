import { describe, expect, it } from 'vitest';
import { escapeText, fold, icalendar, utcDateTime } from './icalendar.js';

describe('icalendar', () => {
  const entry = {
    uid: 'devoxx-2026@ticketing',
    stamp: new Date('2026-01-01T00:00:00Z'),
    start: new Date('2026-06-01T07:00:00Z'),
    end: new Date('2026-06-01T16:30:00Z'),
    summary: 'Conf; day, one',
    description: 'Line one\nLine two \\ end',
    location: 'Hall 1, Zürich',
    url: 'https://example.org',
    organizer: { name: 'Org: "Best"', email: 'info@example.org' },
  };

  it('writes one VEVENT in UTC with CRLF line ends', () => {
    const text = icalendar(entry);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'DTSTART:20260601T070000Z',
        'DTEND:20260601T163000Z',
        'DTSTAMP:20260101T000000Z',
        'SUMMARY:Conf\\; day\\, one',
        'DESCRIPTION:Line one\\nLine two \\\\ end',
        'LOCATION:Hall 1\\, Zürich',
        'URL:https://example.org',
        'ORGANIZER;CN="Org: Best":mailto:info@example.org',
      ]),
    );
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).not.toContain('VTIMEZONE');
  });

  it('leaves out what is missing', () => {
    const text = icalendar({ ...entry, location: null, description: null, url: null, organizer: null });
    expect(text).not.toMatch(/LOCATION|DESCRIPTION|URL|ORGANIZER/);
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a;b,c\\d\r\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    expect(utcDateTime(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });

  it('folds at 75 octets without cutting a multi-byte character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = fold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(fold('SHORT:x')).toBe('SHORT:x');
  });
});
