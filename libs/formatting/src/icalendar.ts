/**
 * A minimal iCalendar (RFC 5545) writer for one event: UTC times (so no VTIMEZONE is needed), TEXT values
 * escaped (3.3.11) and lines folded at 75 octets without splitting a UTF-8 sequence (3.1), CRLF endings.
 */
export interface CalendarEntry {
  readonly uid: string;
  readonly stamp: Date;
  readonly start: Date;
  readonly end: Date;
  readonly summary: string;
  readonly description: string | null;
  readonly location: string | null;
  readonly url: string | null;
  readonly organizer: { readonly name: string; readonly email: string } | null;
}

export function icalendar(entry: CalendarEntry): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ticketing-storefront//public calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(entry.uid)}`,
    `DTSTAMP:${utcDateTime(entry.stamp)}`,
    `DTSTART:${utcDateTime(entry.start)}`,
    `DTEND:${utcDateTime(entry.end)}`,
    `SUMMARY:${escapeText(entry.summary)}`,
  ];
  if (entry.description) lines.push(`DESCRIPTION:${escapeText(entry.description)}`);
  if (entry.location) lines.push(`LOCATION:${escapeText(entry.location)}`);
  if (entry.url) lines.push(`URL:${entry.url.replace(/[\r\n]/g, '')}`);
  if (entry.organizer) {
    lines.push(`ORGANIZER;CN=${quoteParam(entry.organizer.name)}:mailto:${entry.organizer.email.replace(/[\r\n]/g, '')}`);
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** `20260107T183000Z` */
export function utcDateTime(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** TEXT escaping: backslash, semicolon and comma are escaped; any line break becomes `\n`. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value: quoted, since names may hold `:` `;` `,`; DQUOTE and control characters cannot appear. */
function quoteParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\x00-\x1f\x7f]/g, '')}"`;
}

const encoder = new TextEncoder();

/** Folds a content line into chunks of at most 75 octets, continuation lines starting with one space. */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // the first line holds 75 octets; continuation lines 74 plus the leading space
    const limit = chunks.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      chunks.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}
