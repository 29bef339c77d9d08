import { bundleFor } from '@ticketing/i18n';
import { offsetSeconds, sameDay } from '@ticketing/kernel';
import { formatDatePattern } from './date-pattern.js';

/** A text per language code, the wire format's "lang-map". */
export type LangMap = Record<string, string>;

/** The bundle keys whose values are date patterns (reference 1.5). */
export type DatePatternKey =
  | 'common.event.date-format'
  | 'common.event.time-format'
  | 'common.ticket-category.date-format'
  | 'date.extended.pattern'
  | 'time.extended.pattern'
  | 'datetime.pattern';

/** `instant` formatted with the pattern each language's bundle has under `key`, in `timeZone`. */
export function formatPerLanguage(instant: Date, key: DatePatternKey, languages: readonly string[], timeZone: string): LangMap {
  const map: LangMap = {};
  for (const lang of languages) {
    const pattern = bundleFor(lang)[key] ?? key;
    map[lang] = formatDatePattern(instant, pattern, lang, timeZone);
  }
  return map;
}

/** `DatesWithTimeZoneOffset`: epoch ms and the zone's offset at each instant (0 when a date is missing). */
export interface DatesWithTimeZoneOffset {
  readonly startDateTime: number;
  readonly startTimeZoneOffset: number;
  readonly endDateTime: number;
  readonly endTimeZoneOffset: number;
}

export function datesWithOffset(start: Date | null, end: Date | null, timeZone: string): DatesWithTimeZoneOffset {
  return {
    startDateTime: start ? start.getTime() : 0,
    startTimeZoneOffset: start ? offsetSeconds(start, timeZone) : 0,
    endDateTime: end ? end.getTime() : 0,
    endTimeZoneOffset: end ? offsetSeconds(end, timeZone) : 0,
  };
}

/** The date/time block every event view carries: begin and end, as date and time per language. */
export interface FormattedEventDates {
  readonly timeZone: string;
  readonly datesWithOffset: DatesWithTimeZoneOffset;
  readonly sameDay: boolean;
  readonly formattedBeginDate: LangMap;
  readonly formattedBeginTime: LangMap;
  readonly formattedEndDate: LangMap;
  readonly formattedEndTime: LangMap;
}

export function formattedEventDates(start: Date, end: Date, timeZone: string, languages: readonly string[]): FormattedEventDates {
  return {
    timeZone,
    datesWithOffset: datesWithOffset(start, end, timeZone),
    sameDay: sameDay(start, end, timeZone),
    formattedBeginDate: formatPerLanguage(start, 'common.event.date-format', languages, timeZone),
    formattedBeginTime: formatPerLanguage(start, 'common.event.time-format', languages, timeZone),
    formattedEndDate: formatPerLanguage(end, 'common.event.date-format', languages, timeZone),
    formattedEndTime: formatPerLanguage(end, 'common.event.time-format', languages, timeZone),
  };
}
