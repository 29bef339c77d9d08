// Text for people, computed from data: dates in a language's pattern and zone, Markdown, iCalendar.
// Money text and time-zone arithmetic are the kernel's (@ticketing/kernel).

export { formatDatePattern } from './date-pattern.js';
export {
  formatPerLanguage,
  datesWithOffset,
  formattedEventDates,
  type LangMap,
  type DatePatternKey,
  type DatesWithTimeZoneOffset,
  type FormattedEventDates,
} from './localized-dates.js';
export { renderMarkdown, renderMarkdownMap, markdownToText } from './markdown.js';
export { icalendar, utcDateTime, type CalendarEntry } from './icalendar.js';
