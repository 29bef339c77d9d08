/** Calendar dates as `<input type="date">` holds them (YYYY-MM-DD), in the visitor's time zone. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day before `now`'s day: the latest date of birth allowed (spec 5). */
export function yesterday(now: number): string {
  const date = new Date(now);
  date.setDate(date.getDate() - 1);
  return isoDate(date);
}

/** A real calendar date (no 31 February), else undefined. */
export function parseIsoDate(value: string): Date | undefined {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : undefined;
}

/**
 * `now`'s day in `timeZone` (YYYY-MM-DD): what the booking rules take for today, as the server takes it in the
 * event's time zone, so a date of birth is judged by the same calendar on both sides.
 */
export function todayIn(timeZone: string, now: number): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  } catch {
    // a zone this browser does not know: the visitor's day is the nearest guess (the server judges again)
    return isoDate(new Date(now));
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The long localized form of an ISO date ('15 March 1990', '15. März 1990'), or '' when it is not a date. */
export function longDate(value: string, lang: string): string {
  const date = parseIsoDate(value);
  if (!date) return '';
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(date);
  }
}
