import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const now = new Date();
const SUBSCRIPTION = '0b6f3f0e-8f2d-4a57-9b1e-3c2d1e0f9a11';

async function publish(app: TestApp, shortName: string, overrides: Parameters<typeof eventDetails>[0]): Promise<void> {
  await app.given(`event-${shortName}`, [catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, displayName: shortName, ...overrides }) } })]);
}

const names = (response: { json(): unknown }) => (response.json() as { shortName: string }[]).map((e) => e.shortName);

/** An organizer's integer id: the global position of its registration. */
const organizerId = async (app: TestApp, slug: string) => String((await app.store.readStream(`organizer-${slug}`))[0]?.position);

describe('GET /api/v2/public/events', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('organizer-zeta', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'zeta', name: 'Zeta' }) } })]);
    await publish(app, 'later', { start: localDaysFrom(now, 40), end: localDaysFrom(now, 41), tags: ['music'] });
    await publish(app, 'sooner', { start: localDaysFrom(now, 10), end: localDaysFrom(now, 10, '23:00:00'), tags: ['talk'], organizerSlug: 'zeta' });
    await publish(app, 'running', { start: localDaysFrom(now, -2), end: localDaysFrom(now, 2), tags: ['music', 'festival'], format: 'ONLINE', location: null });
    await publish(app, 'ended', { start: localDaysFrom(now, -10), end: localDaysFrom(now, -9) });
    await publish(app, 'preview', { status: 'DRAFT', start: localDaysFrom(now, 5), end: localDaysFrom(now, 6) });
    await publish(app, 'off', { status: 'DISABLED', start: localDaysFrom(now, 5), end: localDaysFrom(now, 6) });
    await app.given(`subscription-descriptor-${SUBSCRIPTION}`, [
      catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor: subscriptionDescriptor({ id: SUBSCRIPTION, compatibleEventShortNames: ['later', 'ended'] }) } }),
    ]);
  });
  afterAll(() => app.close());

  it('lists public events that have not ended, by start, with CORS open', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/events' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(names(response)).toEqual(['running', 'sooner', 'later']);
  });

  it('gives each event in the BasicEventInfo shape, dates formatted in every storefront language', async () => {
    const [running] = (await app.inject({ method: 'GET', url: '/api/v2/public/events' })).json();
    expect(Object.keys(running).sort()).toEqual(
      ['contentLanguages', 'datesWithOffset', 'fileBlobId', 'format', 'formattedBeginDate', 'formattedBeginTime', 'formattedEndDate', 'formattedEndTime', 'location', 'sameDay', 'shortName', 'timeZone', 'title'].sort(),
    );
    expect(running).toMatchObject({ format: 'ONLINE', location: null, fileBlobId: null, sameDay: false, contentLanguages: [{ locale: 'en', displayLanguage: 'English' }, { locale: 'it', displayLanguage: 'Italiano' }] });
    expect(Object.keys(running.formattedBeginDate).sort()).toEqual(['de', 'en', 'fr', 'it']);
    expect(running.formattedBeginTime).toEqual({ en: '19:30', it: '19:30', de: '19:30', fr: '19:30' });
  });

  it('filters by organizer, organizer slug, tags and subscription', async () => {
    const list = async (query: string) => names(await app.inject({ method: 'GET', url: `/api/v2/public/events?${query}` }));
    const [acme, zeta] = [await organizerId(app, 'acme'), await organizerId(app, 'zeta')];
    expect(acme).not.toBe(zeta);
    expect(await list('organizerSlug=zeta')).toEqual(['sooner']);
    expect(await list(`organizer=${acme}`)).toEqual(['running', 'later']);
    expect(await list(`organizer=${zeta}`)).toEqual(['sooner']);
    expect(await list(`organizer=${zeta}&organizerSlug=zeta`)).toEqual(['sooner']);
    expect(await list(`organizer=${acme}&organizerSlug=zeta`)).toEqual([]);
    expect(await list(`organizer=${acme}&tags=festival`)).toEqual(['running']);
    // an integer no organizer has, as alf.io: nothing
    expect(await list('organizer=987654321')).toEqual([]);
    expect(await list('organizer=-1')).toEqual([]);
    expect(await list('tags=music')).toEqual(['running', 'later']);
    expect(await list('tags=talk&tags=festival')).toEqual(['running', 'sooner']);
    expect(await list('tags=music&organizerSlug=zeta')).toEqual([]);
    expect(await list(`subscription=${SUBSCRIPTION}`)).toEqual(['later']);
    // alf.io ignores a subscription that is not a UUID
    expect(await list('subscription=not-a-uuid')).toEqual(['running', 'sooner', 'later']);
    expect(await list('organizerSlug=nobody')).toEqual([]);
    expect(await list('organizer=')).toEqual(['running', 'sooner', 'later']);
  });

  it('answers 422 to malformed filters', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v2/public/events?organizerSlug=${'x'.repeat(300)}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationErrors).toEqual([{ fieldName: 'organizerSlug', code: 'error.tooLong', arguments: { '0': 255 } }]);
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/events?tags=%00' })).statusCode).toBe(422);
  });

  it('answers 422 to an organizer that is not an integer (alf.io: a 500 from its binder)', async () => {
    for (const organizer of ['acme', '1.5', '1e3', '9999999999999999', '%00']) {
      const response = await app.inject({ method: 'GET', url: `/api/v2/public/events?organizer=${organizer}` });
      expect(response.statusCode, organizer).toBe(422);
      expect(response.json().validationErrors, organizer).toEqual([{ fieldName: 'organizer', code: 'error.invalidFormat', arguments: null }]);
    }
  });
});
