import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, organizer } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

describe('GET /api/v2/public/event/{shortName}/calendar/{lang}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ name: 'Acme, Events; Ltd' }) } })]);
    await app.given('event-jazz-night', [
      catalogEvent({
        type: 'EventPublished',
        data: {
          event: eventDetails({
            displayName: 'Jazz Night, vol. 2',
            description: { en: `**Great** music; bring friends.\n\n${'Long line of text. '.repeat(8)}`, it: 'Musica *bella*' },
            start: '2030-01-15T20:00:00',
            end: '2030-01-15T23:00:00',
          }),
        },
      }),
    ]);
    await app.given('event-stream', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'stream', format: 'ONLINE', location: 'Online', websiteUrl: null }) } }),
    ]);
  });
  afterAll(() => app.close());

  it('gives the event as an RFC 5545 calendar in the asked language', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night/calendar/IT' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('inline; filename="calendar.ics"');
    const lines = response.body.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:jazz-night@ticketing-storefront',
        'DTSTART:20300115T190000Z',
        'DTEND:20300115T220000Z',
        'SUMMARY:Jazz Night\\, vol. 2',
        'DESCRIPTION:Musica bella',
        'LOCATION:Teatro Sociale\\, Bellinzona',
        'URL:https://acme.test/jazz',
        'ORGANIZER;CN="Acme, Events; Ltd":mailto:info@acme.test',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
  });

  it('escapes and folds long descriptions, and leaves out the location of an online event', async () => {
    const english = (await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night/calendar/en' })).body;
    expect(english).toContain('DESCRIPTION:Great music\\; bring friends.\\n\\nLong line');
    for (const line of english.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(english).toMatch(/\r\n [^\r]/);
    const online = (await app.inject({ method: 'GET', url: '/api/v2/public/event/stream/calendar/fr' })).body;
    expect(online).not.toContain('LOCATION');
    expect(online).not.toContain('URL:');
  });

  it('redirects to Google Calendar with type=google', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night/calendar/en?type=google' });
    expect(response.statusCode).toBe(302);
    const url = new URL(String(response.headers['location']));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      action: 'TEMPLATE',
      text: 'Jazz Night, vol. 2',
      dates: '20300115T190000Z/20300115T220000Z',
      ctz: 'Europe/Zurich',
      location: 'Teatro Sociale, Bellinzona',
    });
    expect(url.searchParams.get('details')).toMatch(/^Great music; bring friends\./);
  });

  it('answers 404 for an unknown event and 422 for a malformed language or type', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/event/nope/calendar/en' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night/calendar/e%00n' })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night/calendar/en?type=outlook' })).statusCode).toBe(422);
  });
});
