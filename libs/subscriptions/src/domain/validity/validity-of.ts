import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { wallClock, zonedInstant } from '@ticketing/kernel';

/** When a pass can be used: ISO-8601 instants, null for no limit on that side. */
export interface Validity {
  readonly validFrom: string | null;
  readonly validTo: string | null;
}

export type ValidityTerms = Pick<SubscriptionDescriptor, 'validityType' | 'validityUnits' | 'validityTimeUnit' | 'validFrom' | 'validTo' | 'timeZone'>;

/**
 * The validity a pass gets when bought at `purchasedAt`, fixed then for good:
 * - NOT_SET: no limit.
 * - STANDARD: alf.io's rule (ReservationFinalizer.acquireSubscription): from the purchase instant until
 *   23:59:59 of the calendar day N days, months or years later, counted on the descriptor's wall clock. So a
 *   pass is good for whole days whatever the hour it was bought, a change to or from summer time in between
 *   moves no wall-clock time, and a month ends where the calendar does (bought Jan 31, one month: until Feb 28,
 *   or 29 in a leap year; Feb 29 plus a year: Feb 28). alf.io's end keeps the purchase's fraction of a second;
 *   ours is the whole second.
 * - CUSTOM: the descriptor's validFrom and validTo, wall-clock times of its zone (a time in the spring gap moves
 *   later by the gap, as Java's ZonedDateTime does).
 */
export function validityOf(terms: ValidityTerms, purchasedAt: Date): Validity {
  switch (terms.validityType) {
    case 'NOT_SET':
      return { validFrom: null, validTo: null };
    case 'CUSTOM':
      return { validFrom: instantOf(terms.validFrom, terms.timeZone), validTo: instantOf(terms.validTo, terms.timeZone) };
    case 'STANDARD': {
      const { validityUnits: units, validityTimeUnit: unit } = terms;
      // The catalog refuses such a descriptor (validityUnitsRequired): a pass valid forever by mistake would be worse than a failure.
      if (units === null || unit === null || !Number.isInteger(units) || units < 1) throw new RangeError(`STANDARD validity needs units and a time unit, got ${units} ${unit}`);
      const bought = wallClock(purchasedAt, terms.timeZone);
      const last = unit === 'DAYS' ? plusDays(bought, units) : plusMonths(bought, unit === 'MONTHS' ? units : units * 12);
      return { validFrom: purchasedAt.toISOString(), validTo: zonedInstant(`${localDate(last)}T23:59:59`, terms.timeZone).toISOString() };
    }
  }
}

interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const instantOf = (local: string | null, timeZone: string) => (local === null ? null : zonedInstant(local, timeZone).toISOString());

function plusDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Java's plusMonths: the same day of the month, or that month's last day when it is shorter. */
function plusMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const localDate = (d: CalendarDate) => `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
