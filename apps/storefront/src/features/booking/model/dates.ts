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

/** Full years between a date of birth and `now`'s day. */
export function ageOn(birth: Date, now: number): number {
  const today = new Date(now);
  const hadBirthday = today.getMonth() > birth.getMonth() || (today.getMonth() === birth.getMonth() && today.getDate() >= birth.getDate());
  return today.getFullYear() - birth.getFullYear() - (hadBirthday ? 0 : 1);
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
