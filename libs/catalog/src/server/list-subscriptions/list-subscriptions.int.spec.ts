import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { catalogEvent, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const now = new Date();
const ids = {
  season: '11111111-1111-4111-8111-111111111111',
  zeta: '22222222-2222-4222-8222-222222222222',
  hidden: '33333333-3333-4333-8333-333333333333',
  future: '44444444-4444-4444-8444-444444444444',
  over: '55555555-5555-4555-8555-555555555555',
};

describe('subscriptions', () => {
  let app: TestApp;
  const publish = (descriptor: SubscriptionDescriptor) =>
    app.given(`subscription-descriptor-${descriptor.id}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);

  beforeAll(async () => {
    app = await startTestApp();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('organizer-zeta', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'zeta', name: 'Zeta' }) } })]);
    await publish(
      subscriptionDescriptor({
        id: ids.season,
        sale: { start: localDaysFrom(now, -10, '00:00:00'), end: localDaysFrom(now, 30, '00:00:00') },
        validityType: 'CUSTOM',
        validityUnits: null,
        validityTimeUnit: null,
        validFrom: '2030-01-01T00:00:00',
        validTo: '2030-12-31T23:59:00',
        maxEntries: 10,
        maxAvailable: 50,
        contentLanguages: ['en', 'de'],
        title: { en: 'Season pass', de: 'Saisonkarte' },
        description: { en: 'All concerts <b>!</b>', de: 'Alle Konzerte' },
      }),
    );
    await publish(subscriptionDescriptor({ id: ids.zeta, organizerSlug: 'zeta', sale: { start: localDaysFrom(now, -1), end: null } }));
    await publish(subscriptionDescriptor({ id: ids.hidden, isPublic: false }));
    await publish(subscriptionDescriptor({ id: ids.future, sale: { start: localDaysFrom(now, 5), end: null }, price: 0 }));
    await publish(subscriptionDescriptor({ id: ids.over, sale: { start: localDaysFrom(now, -20), end: localDaysFrom(now, -5) } }));
  });
  afterAll(() => app.close());

  it('lists the public subscriptions on sale now, by organizer when asked', async () => {
    const list = async (query = '') => (await app.inject({ method: 'GET', url: `/api/v2/public/subscriptions${query}` })).json().map((s: { id: string }) => s.id);
    // an organizer's integer id is the global position of its registration
    const idOf = async (slug: string) => String((await app.store.readStream(`organizer-${slug}`))[0]?.position);
    const [acme, zeta] = [await idOf('acme'), await idOf('zeta')];
    expect(await list()).toEqual([ids.season, ids.zeta]);
    expect(await list('?organizerSlug=zeta')).toEqual([ids.zeta]);
    expect(await list(`?organizer=${acme}`)).toEqual([ids.season]);
    expect(await list(`?organizer=${zeta}`)).toEqual([ids.zeta]);
    expect(await list(`?organizer=${zeta}&organizerSlug=zeta`)).toEqual([ids.zeta]);
    expect(await list(`?organizer=${acme}&organizerSlug=zeta`)).toEqual([]);
    expect(await list('?organizer=987654321')).toEqual([]);
    expect(await list('?organizerSlug=nobody')).toEqual([]);
  });

  it('takes the event list\'s subscription and tags but ignores them: the reference defines them for events only', async () => {
    const list = async (query: string) => (await app.inject({ method: 'GET', url: `/api/v2/public/subscriptions${query}` })).json().map((s: { id: string }) => s.id);
    expect(await list(`?subscription=${ids.zeta}`)).toEqual([ids.season, ids.zeta]);
    expect(await list('?subscription=not-a-uuid&tags=music&tags=talk')).toEqual([ids.season, ids.zeta]);
    expect(await list('?tags=music&organizerSlug=zeta')).toEqual([ids.zeta]);
  });

  it('answers 422, never a 500, to malformed filters', async () => {
    const answer = (query: string) => app.inject({ method: 'GET', url: `/api/v2/public/subscriptions${query}` });
    for (const organizer of ['acme', '2.5', '%00']) {
      const response = await answer(`?organizer=${organizer}`);
      expect(response.statusCode, organizer).toBe(422);
      expect(response.json().validationErrors).toEqual([{ fieldName: 'organizer', code: 'error.invalidFormat', arguments: null }]);
    }
    expect((await answer(`?organizerSlug=${'x'.repeat(300)}`)).statusCode).toBe(422);
    expect((await answer('?tags=%00')).statusCode).toBe(422);
    expect((await answer(`?subscription=${'x'.repeat(65)}`)).statusCode).toBe(422);
  });

  it('gives each in the BasicSubscriptionDescriptorInfo shape', async () => {
    const [season] = (await app.inject({ method: 'GET', url: '/api/v2/public/subscriptions' })).json();
    expect(season).toMatchObject({
      id: ids.season,
      fileBlobId: null,
      title: { en: 'Season pass', de: 'Saisonkarte' },
      description: { en: '<p>All concerts &lt;b&gt;!&lt;/b&gt;</p>\n', de: '<p>Alle Konzerte</p>\n' },
      validityType: 'CUSTOM',
      usageType: 'ONCE_PER_EVENT',
      timeZone: 'Europe/Zurich',
      validityTimeUnit: null,
      validityUnits: null,
      maxEntries: 10,
      organizationEmail: null,
      organizationName: null,
      formattedPrice: '120.00',
      currency: 'CHF',
      currencyDescriptor: { code: 'CHF', symbol: 'CHF' },
      vat: 7.7,
      vatIncluded: true,
      formattedValidFrom: { en: 'Tue 01 Jan 2030', de: 'Di. 01 Jan. 2030' },
      formattedValidTo: { en: 'Tue 31 Dec 2030', de: 'Di. 31 Dez. 2030' },
      contentLanguages: [{ locale: 'en' }, { locale: 'de' }],
    });
    // a date is no content: in every language of the storefront (an Italian card reads an Italian date)
    expect(Object.keys(season.formattedValidTo).sort()).toEqual(['de', 'en', 'fr', 'it']);
    expect(season.formattedValidTo.it).toMatch(/2030$/);
    expect(season.salePeriod.startDateTime).toBeLessThan(now.getTime());
    expect(season.salePeriod.endTimeZoneOffset).toBeGreaterThan(0);
  });

  it('answers one subscription without its id, with organizer and availability', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${ids.season}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({
      vat: '7.70',
      free: false,
      formattedPrice: '120.00',
      organizationName: 'Acme Events',
      organizationEmail: 'info@acme.test',
      bankAccountOwner: ['Acme SA', 'Lugano'],
      maxEntries: 10,
      numAvailable: 50,
      offlinePaymentConfiguration: null,
      canApplySubscriptions: false,
      websiteUrl: 'https://acme.test',
      assignmentConfiguration: { forceAssignment: false, enableAttendeeAutocomplete: false, enableTicketTransfer: false },
    });
    // a first call mints a session: the browser may keep the answer 20 minutes, a shared cache never
    expect(response.headers['x-auth-token']).toBeTruthy();
    expect(response.headers['cache-control']).toBe('private, max-age=1200');
    const cached = await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${ids.season}`, headers: { 'if-none-match': String(response.headers['etag']) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers['cache-control']).toBe('private, max-age=1200');
  });

  it('reaches a non-public one by id; nothing is available outside the sale period', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${ids.hidden}` })).json()).toMatchObject({ numAvailable: 2147483647, maxEntries: null });
    expect((await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${ids.future}` })).json()).toMatchObject({ numAvailable: 0, free: true, currencyDescriptor: null, formattedPrice: '0.00' });
  });

  it('answers 404 for an unknown id and 422 for one that is not a UUID', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/v2/public/subscription/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe('');
    const malformed = await app.inject({ method: 'GET', url: '/api/v2/public/subscription/not-a-uuid' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().validationErrors).toEqual([{ fieldName: 'id', code: 'error.invalidFormat', arguments: null }]);
  });
});
