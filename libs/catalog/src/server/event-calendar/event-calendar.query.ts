import type { EventDetails, Organizer } from '@ticketing/catalog/contracts';
import { icalendar, markdownToText, utcDateTime } from '@ticketing/formatting';
import { zonedInstant } from '@ticketing/kernel';
import type { EventRecord } from '../shared/event-records.js';

export interface EventCalendar {
  /** The ICS document (text/calendar). */
  readonly ics: string;
  /** The same entry as a Google Calendar template link. */
  readonly googleUrl: string;
}

/** Longest description put into the Google link, so the URL stays well below what browsers and Google accept. */
const GOOGLE_DETAILS_MAX = 1000;

/**
 * The event as a calendar entry in one language (reference 3.2, calendar): summary = display name,
 * description = plain text of the description in that language, no location for online events, URL =
 * the event website. `lang` is matched against the content languages, else the first one is used.
 */
export function eventCalendar(record: EventRecord, lang: string, now: Date): EventCalendar {
  const e = record.details;
  const language = e.contentLanguages.find((l) => l.toLowerCase() === lang.toLowerCase()) ?? e.contentLanguages[0] ?? 'en';
  const start = zonedInstant(e.start, e.timeZone);
  const end = zonedInstant(e.end, e.timeZone);
  const source = e.description[language];
  const description = source ? markdownToText(source) : null;
  const location = e.format === 'ONLINE' ? null : e.location;
  return {
    ics: icalendar({
      uid: `${e.shortName}@ticketing-storefront`,
      stamp: now,
      start,
      end,
      summary: e.displayName,
      description,
      location,
      url: e.websiteUrl,
      organizer: organizerOf(record.organizer),
    }),
    googleUrl: googleCalendarUrl(e, start, end, description, location),
  };
}

function organizerOf(organizer: Organizer | null): { name: string; email: string } | null {
  return organizer ? { name: organizer.name, email: organizer.email } : null;
}

export function googleCalendarUrl(e: EventDetails, start: Date, end: Date, description: string | null, location: string | null): string {
  const params = new URLSearchParams({ action: 'TEMPLATE', text: e.displayName, dates: `${utcDateTime(start)}/${utcDateTime(end)}`, ctz: e.timeZone });
  if (description) params.set('details', description.length > GOOGLE_DETAILS_MAX ? `${description.slice(0, GOOGLE_DETAILS_MAX - 1)}…` : description);
  if (location) params.set('location', location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
