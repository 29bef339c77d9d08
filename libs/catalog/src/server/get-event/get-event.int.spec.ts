import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, organizer, subscriptionDescriptor, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

describe('GET /api/v2/public/event/{shortName}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-jazz-night', [
      catalogEvent({
        type: 'EventPublished',
        data: {
          event: eventDetails({
            contentLanguages: ['it', 'de'],
            title: { it: 'Serata jazz', de: 'Jazzabend' },
            description: { it: 'Vieni! <script>alert("x")</script> [sito](https://acme.test)', de: 'Komm!' },
            start: '2030-10-09T20:00:00',
            end: '2030-10-09T23:30:00',
            i18nOverrides: { it: { 'show-event.tickets-left': 'Restano {0} biglietti' } },
            customCss: '  ',
          }),
        },
      }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'jazz-night', category: ticketCategory() } }),
    ]);
    await app.given('event-draft', [catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'draft', status: 'DRAFT' }) } })]);
    await app.given('event-gone', [catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'gone', status: 'DISABLED' }) } })]);
  });
  afterAll(() => app.close());

  it('answers the event page data in the reference shape, formatted per content language', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(body).toMatchObject({
      shortName: 'jazz-night',
      displayName: 'Jazz Night',
      title: { it: 'Serata jazz', de: 'Jazzabend' },
      format: 'IN_PERSON',
      fileBlobId: null,
      mapUrl: null,
      organizationName: 'Acme Events',
      organizationEmail: 'info@acme.test',
      privacyPolicyUrl: 'https://acme.test/privacy',
      currency: 'CHF',
      currencyDescriptor: { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', fractionDigits: 2 },
      vat: '7.70',
      vatIncluded: true,
      free: false,
      bankAccount: 'CH93 0076 2011 6238 5295 7',
      bankAccountOwner: ['Acme SA', 'Lugano'],
      timeZone: 'Europe/Zurich',
      datesWithOffset: {
        startDateTime: Date.parse('2030-10-09T18:00:00Z'),
        startTimeZoneOffset: 7200,
        endDateTime: Date.parse('2030-10-09T21:30:00Z'),
        endTimeZoneOffset: 7200,
      },
      sameDay: true,
      formattedBeginDate: { it: 'mer 09 ott 2030', de: 'Mi. 09 Okt. 2030' },
      formattedBeginTime: { it: '20:00', de: '20:00' },
      formattedEndTime: { it: '23:30', de: '23:30' },
      contentLanguages: [
        { locale: 'it', displayLanguage: 'Italiano' },
        { locale: 'de', displayLanguage: 'Deutsch' },
      ],
      invoicingConfiguration: { invoiceAllowed: true, onlyInvoice: false, userCanDownloadReceiptOrInvoice: true },
      captchaConfiguration: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: false, recaptchaApiKey: null },
      promotionsConfiguration: { hasAccessPromotions: false, usePartnerCode: false },
      analyticsConfiguration: { googleAnalyticsKey: null, googleAnalyticsScrambledInfo: false, clientId: null },
      embeddingConfiguration: { notificationOrigin: '', enabled: false },
      i18nOverride: { it: { 'show-event.tickets-left': 'Restano {{0}} biglietti' } },
      availableTicketsCount: null,
      customCss: null,
      canApplySubscriptions: false,
    });
    // nulls are emitted, not left out
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['fileBlobId', 'mapUrl', 'availableTicketsCount', 'customCss']));
  });

  it('renders the description as HTML with the organizer markup escaped', async () => {
    const { description } = (await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night' })).json();
    expect(description.it).toBe(
      '<p>Vieni! &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <a href="https://acme.test" target="_blank" rel="noopener noreferrer">sito</a></p>\n',
    );
    expect(description.de).toBe('<p>Komm!</p>\n');
  });

  it('lets the browser keep the answer for 20 minutes but never a shared cache: a first call carries a new session', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night' });
    expect(first.headers['x-auth-token']).toBeTruthy();
    expect(first.headers['xsrf-token']).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, max-age=1200');
    const again = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night', headers: { 'x-auth-token': String(first.headers['x-auth-token']), 'if-none-match': String(first.headers['etag']) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['xsrf-token']).toBeTruthy();
    expect(again.headers['cache-control']).toBe('private, max-age=1200');
  });

  it('answers 304 to a client that holds the current copy, and a new tag once the event changes', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night' });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    await app.given('subscription-descriptor-x', [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor: subscriptionDescriptor() } })]);
    const changed = await app.inject({ method: 'GET', url: '/api/v2/public/event/jazz-night', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().canApplySubscriptions).toBe(true);
    expect(changed.headers['etag']).not.toBe(etag);
  });

  it('serves a draft (preview) but not a disabled or unknown event', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/event/draft' })).statusCode).toBe(200);
    for (const name of ['gone', 'nope']) {
      const response = await app.inject({ method: 'GET', url: `/api/v2/public/event/${name}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers 422, not 500, to a name no event can have', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v2/public/event/%00x' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, validationErrors: [{ fieldName: 'shortName', code: 'error.invalidFormat' }] });
  });
});
