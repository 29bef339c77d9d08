import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { recordedAtOf } from './event-rows.js';

const byPg = (text: string) => (pg.types.getTypeParser(1184) as (t: string) => Date)(text).toISOString();

describe('recordedAtOf', () => {
  it("gives what pg's parser and toISOString give, without a Date, for a session in UTC", () => {
    const texts = ['2026-11-27 12:11:03+00', '2026-11-27 12:11:03.5+00', '2026-11-27 12:11:03.05+00', '2026-11-27 12:11:03.579+00', '2026-11-27 23:59:59.999999+00', '2026-01-01 00:00:00.000001+00'];
    for (let ms = 0; ms < 1000; ms++) texts.push(`2026-11-27 12:11:03.${String(ms).padStart(3, '0')}+00`, `2026-11-27 12:11:03.${String(ms).padStart(3, '0')}${String((ms * 7919) % 1000).padStart(3, '0')}+00`);
    // the milliseconds as pg computes them (1000 * the fraction, then the Date truncates), float errors and all
    for (const text of texts) expect(recordedAtOf(text), text).toBe(byPg(text));
  });

  it('goes through the parser for another time zone, and takes a Date as it is', () => {
    expect(recordedAtOf('2026-11-27 13:11:03.25+01')).toBe('2026-11-27T12:11:03.250Z');
    expect(recordedAtOf('2026-11-27 17:41:03.25+05:30')).toBe('2026-11-27T12:11:03.250Z');
    expect(recordedAtOf(new Date('2026-11-27T12:11:03.250Z'))).toBe('2026-11-27T12:11:03.250Z');
  });
});
