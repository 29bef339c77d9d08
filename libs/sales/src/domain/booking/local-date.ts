/** A calendar date without time or zone (`yyyy-MM-dd`), as a date-of-birth field sends it. */
export interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date, or null when the text is not an existing ISO date (`2023-02-30` is not). */
export function parseLocalDate(text: string): LocalDate | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Completed years between a birth date and `today` (java.time `Period.between(...).getYears()`); with
 * `roundUp`, a year begun counts as a whole one (alf.io's rule for the oldest allowed age).
 */
export function ageOn(birth: LocalDate, today: LocalDate, roundUp: boolean): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  const years = today.year - birth.year - (beforeBirthday ? 1 : 0);
  const anniversary = today.month === birth.month && today.day === birth.day;
  return roundUp && !anniversary ? years + 1 : years;
}
