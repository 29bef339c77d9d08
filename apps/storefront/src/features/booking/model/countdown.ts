/** Spec 9, countdown thresholds. */
export const WARNING_BELOW_MS = 300_000;
export const DANGER_BELOW_MS = 60_000;
export const EXPIRED_BELOW_MS = 1_000;

/** normal, then warning (and sticky) under 5 minutes, danger under 1 minute, expired under 1 second. */
export type CountdownLevel = 'normal' | 'warning' | 'danger' | 'expired';

export function countdownLevel(remainingMs: number): CountdownLevel {
  if (remainingMs < EXPIRED_BELOW_MS) return 'expired';
  if (remainingMs < DANGER_BELOW_MS) return 'danger';
  if (remainingMs < WARNING_BELOW_MS) return 'warning';
  return 'normal';
}

export const COUNTDOWN_UNITS = ['month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export type CountdownUnit = (typeof COUNTDOWN_UNITS)[number];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// A reservation lasts minutes, an offline payment days or weeks: a 30-day month is exact enough to read.
const MONTH = 30 * DAY;
const SIZES: Readonly<Record<CountdownUnit, number>> = { month: MONTH, week: WEEK, day: DAY, hour: HOUR, minute: MINUTE, second: SECOND };

/** The time left in months, weeks, days, hours, minutes and seconds (spec 4), largest first, zeros left out. */
export function countdownParts(remainingMs: number): { unit: CountdownUnit; value: number }[] {
  let rest = Math.max(0, Math.floor(remainingMs / SECOND) * SECOND);
  const parts: { unit: CountdownUnit; value: number }[] = [];
  for (const unit of COUNTDOWN_UNITS) {
    const value = Math.floor(rest / SIZES[unit]);
    rest -= value * SIZES[unit];
    if (value > 0) parts.push({ unit, value });
  }
  return parts;
}
