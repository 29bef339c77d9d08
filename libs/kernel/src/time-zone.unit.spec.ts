import { describe, expect, it } from 'vitest';
import { isTimeZone, offsetSeconds, sameDay, zonedInstant } from './time-zone.js';

describe('time zones', () => {
  it('gives the offset in seconds, east positive, with summer time', () => {
    expect(offsetSeconds(new Date('2026-01-15T12:00:00Z'), 'Europe/Zurich')).toBe(3600);
    expect(offsetSeconds(new Date('2026-07-15T12:00:00Z'), 'Europe/Zurich')).toBe(7200);
    expect(offsetSeconds(new Date('2026-07-15T12:00:00Z'), 'America/St_Johns')).toBe(-9000);
    expect(offsetSeconds(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('reads a wall-clock time in a zone as Java does, also across transitions', () => {
    expect(zonedInstant('2026-06-01T19:30:00', 'Europe/Zurich').toISOString()).toBe('2026-06-01T17:30:00.000Z');
    expect(zonedInstant('2026-01-10T09:00', 'America/New_York').toISOString()).toBe('2026-01-10T14:00:00.000Z');
    // spring gap: 02:30 does not exist in Zurich on 29 March 2026 and becomes 03:30 CEST
    expect(zonedInstant('2026-03-29T02:30:00', 'Europe/Zurich').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // autumn overlap: 02:30 happens twice on 25 October 2026; the earlier (CEST) wins
    expect(zonedInstant('2026-10-25T02:30:00', 'Europe/Zurich').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(() => zonedInstant('tomorrow', 'UTC')).toThrow(RangeError);
  });

  it('tells whether two instants share a calendar day in the zone', () => {
    const start = new Date('2026-05-01T20:00:00Z');
    const end = new Date('2026-05-01T23:30:00Z');
    expect(sameDay(start, end, 'UTC')).toBe(true);
    expect(sameDay(start, end, 'Europe/Zurich')).toBe(false); // 22:00 to 01:30 the next day
  });

  it('recognises IANA zone ids', () => {
    expect(isTimeZone('Europe/Zurich')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
