import { describe, expect, it } from 'vitest';
import { ageOn, parseLocalDate } from './local-date.js';

const d = (text: string) => parseLocalDate(text)!;

describe('local dates', () => {
  it.each(['2024-02-29', '2000-12-31'])('parses %s', (text) => {
    expect(parseLocalDate(text)).not.toBeNull();
  });

  it.each(['2023-02-29', '2000-13-01', '2000-04-31', '2000-1-1', 'yesterday'])('refuses %j', (text) => {
    expect(parseLocalDate(text)).toBeNull();
  });

  it.each([
    // birth, today, completed years, years begun
    ['2023-02-28', '2024-02-28', 1, 1],
    ['2023-03-01', '2024-03-01', 1, 1],
    ['2020-02-29', '2021-02-28', 0, 1],
    ['2020-02-29', '2021-03-01', 1, 2],
    ['2000-03-16', '2027-03-15', 26, 27],
  ])('born %s, on %s: %i completed, %i begun', (birth, today, completed, begun) => {
    expect(ageOn(d(birth), d(today), false)).toBe(completed);
    expect(ageOn(d(birth), d(today), true)).toBe(begun);
  });
});
