import { describe, expect, it } from 'vitest';
import { datesWithOffset, formatPerLanguage, formattedEventDates } from './localized-dates.js';

describe('localized dates', () => {
  it('builds DatesWithTimeZoneOffset, with zeros for a missing date', () => {
    const start = new Date('2026-07-01T08:00:00Z');
    expect(datesWithOffset(start, null, 'Europe/Rome')).toEqual({
      startDateTime: start.getTime(),
      startTimeZoneOffset: 7200,
      endDateTime: 0,
      endTimeZoneOffset: 0,
    });
  });

  it('formats with each language bundle pattern', () => {
    const at = new Date('2026-10-07T16:00:00Z');
    expect(formatPerLanguage(at, 'common.ticket-category.date-format', ['en', 'de'], 'Europe/Berlin')).toEqual({
      en: '07.10.2026 18:00',
      de: '07.10.2026 18:00',
    });
    const dates = formattedEventDates(at, new Date('2026-10-07T20:00:00Z'), 'Europe/Berlin', ['it', 'de']);
    expect(dates.formattedBeginDate).toEqual({ it: 'mer 07 ott 2026', de: 'Mi. 07 Okt. 2026' });
    expect(dates.formattedEndTime).toEqual({ it: '22:00', de: '22:00' });
    expect(dates.sameDay).toBe(true);
  });
});
