import { describe, expect, it } from 'vitest';
import { validityOf, type ValidityTerms } from './validity-of.js';

const standard = (validityUnits: number, validityTimeUnit: 'DAYS' | 'MONTHS' | 'YEARS', timeZone = 'Europe/Zurich'): ValidityTerms => ({
  validityType: 'STANDARD',
  validityUnits,
  validityTimeUnit,
  validFrom: null,
  validTo: null,
  timeZone,
});
const at = (iso: string) => new Date(iso);

describe('NOT_SET', () => {
  it('has no limit on either side', () => {
    expect(validityOf({ validityType: 'NOT_SET', validityUnits: null, validityTimeUnit: null, validFrom: null, validTo: null, timeZone: 'UTC' }, at('2026-05-01T10:00:00Z'))).toEqual({
      validFrom: null,
      validTo: null,
    });
  });
});

describe('STANDARD: from the purchase to the end of the day N units later, on the descriptor\'s wall clock', () => {
  it('starts at the purchase instant and ends at 23:59:59 local of the last day', () => {
    // bought 11:00 in Zurich (CEST): ten days later, 23:59:59 CEST
    expect(validityOf(standard(10, 'DAYS'), at('2026-06-01T09:00:00.123Z'))).toEqual({ validFrom: '2026-06-01T09:00:00.123Z', validTo: '2026-06-11T21:59:59.000Z' });
  });
  it('counts days across the change to summer time without moving the wall-clock end', () => {
    // bought 11:00 CET on March 10; the last day, April 9, is in CEST (+2)
    expect(validityOf(standard(30, 'DAYS'), at('2026-03-10T10:00:00Z')).validTo).toBe('2026-04-09T21:59:59.000Z');
    // New York springs forward on March 8, 2026: the end is 23:59:59 EDT (-4), not EST
    expect(validityOf(standard(1, 'DAYS', 'America/New_York'), at('2026-03-07T15:00:00Z')).validTo).toBe('2026-03-09T03:59:59.000Z');
    // and back on November 1: 23:59:59 EST (-5)
    expect(validityOf(standard(2, 'DAYS', 'America/New_York'), at('2026-10-31T16:00:00Z')).validTo).toBe('2026-11-03T04:59:59.000Z');
  });
  it("counts from the purchase's local date, not the UTC one", () => {
    // 23:30 UTC on May 31 is already June 1 in Zurich: one month later is July 1
    expect(validityOf(standard(1, 'MONTHS'), at('2026-05-31T23:30:00Z')).validTo).toBe('2026-07-01T21:59:59.000Z');
    // 03:00 UTC on March 1 is still February 28 in New York: one day later is March 1 (EST)
    expect(validityOf(standard(1, 'DAYS', 'America/New_York'), at('2026-03-01T03:00:00Z')).validTo).toBe('2026-03-02T04:59:59.000Z');
  });
  it('ends months on the last day of a shorter month', () => {
    expect(validityOf(standard(1, 'MONTHS'), at('2026-01-31T12:00:00Z')).validTo).toBe('2026-02-28T22:59:59.000Z');
    expect(validityOf(standard(1, 'MONTHS'), at('2028-01-31T12:00:00Z')).validTo).toBe('2028-02-29T22:59:59.000Z');
    expect(validityOf(standard(3, 'MONTHS'), at('2026-11-30T12:00:00Z')).validTo).toBe('2027-02-28T22:59:59.000Z');
    expect(validityOf(standard(1, 'MONTHS'), at('2026-03-31T12:00:00Z')).validTo).toBe('2026-04-30T21:59:59.000Z');
  });
  it('counts months across years, and keeps the day when the month has it', () => {
    expect(validityOf(standard(14, 'MONTHS'), at('2026-12-15T12:00:00Z')).validTo).toBe('2028-02-15T22:59:59.000Z');
  });
  it('counts years as twelve months: February 29 plus a year is February 28', () => {
    expect(validityOf(standard(1, 'YEARS'), at('2028-02-29T12:00:00Z')).validTo).toBe('2029-02-28T22:59:59.000Z');
    expect(validityOf(standard(4, 'YEARS'), at('2028-02-29T12:00:00Z')).validTo).toBe('2032-02-29T22:59:59.000Z');
    expect(validityOf(standard(2, 'YEARS', 'UTC'), at('2026-07-14T08:00:00Z')).validTo).toBe('2028-07-14T23:59:59.000Z');
  });
  it('refuses a descriptor without units (the catalog never publishes one)', () => {
    expect(() => validityOf({ ...standard(1, 'DAYS'), validityUnits: null }, at('2026-05-01T10:00:00Z'))).toThrow(RangeError);
    expect(() => validityOf({ ...standard(1, 'DAYS'), validityTimeUnit: null }, at('2026-05-01T10:00:00Z'))).toThrow(RangeError);
    expect(() => validityOf(standard(0, 'DAYS'), at('2026-05-01T10:00:00Z'))).toThrow(RangeError);
  });
});

describe('CUSTOM: the descriptor\'s dates in its own zone, whenever bought', () => {
  const custom = (validFrom: string | null, validTo: string | null, timeZone = 'Europe/Zurich'): ValidityTerms => ({
    validityType: 'CUSTOM',
    validityUnits: null,
    validityTimeUnit: null,
    validFrom,
    validTo,
    timeZone,
  });
  it('converts both wall-clock times to instants (summer and winter offsets)', () => {
    expect(validityOf(custom('2026-09-01T00:00:00', '2027-01-31T23:59:00'), at('2026-05-01T10:00:00Z'))).toEqual({
      validFrom: '2026-08-31T22:00:00.000Z',
      validTo: '2027-01-31T22:59:00.000Z',
    });
    expect(validityOf(custom('2026-09-01T00:00:00', '2027-01-31T23:59:00', 'America/New_York'), at('2026-05-01T10:00:00Z'))).toEqual({
      validFrom: '2026-09-01T04:00:00.000Z',
      validTo: '2027-02-01T04:59:00.000Z',
    });
  });
  it('does not depend on the purchase', () => {
    const terms = custom('2026-09-01T00:00:00', '2027-06-30T23:59:59');
    expect(validityOf(terms, at('2026-01-01T00:00:00Z'))).toEqual(validityOf(terms, at('2027-03-01T00:00:00Z')));
  });
  it('moves a time in the spring gap later by the gap', () => {
    // 02:30 does not exist in Zurich on 2026-03-29: it is 03:30 CEST
    expect(validityOf(custom('2026-03-29T02:30:00', null), at('2026-01-01T00:00:00Z'))).toEqual({ validFrom: '2026-03-29T01:30:00.000Z', validTo: null });
  });
});
