import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Clients with a default JSON header send it on calls that take no body too: no body is no body (reference 22, 35, 36). */
describe('Content-Type: application/json with an empty body', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const call = (method: 'POST' | 'DELETE', url: string, contentType: string, payload?: string) =>
    app.inject({ method, url: `/api/v2/public${url}`, headers: { ...headers, 'content-type': contentType }, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off' });
    headers = await app.session();
    const now = new Date();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-expo', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'expo', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: [] }) } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'expo', capacity: { id: 1, key: 'hall', name: 'Hall', size: 10 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'expo', category: ticketCategory({ id: 1, key: 'day', price: 0, capacityId: 1 }) } }),
    ]);
  }, 60_000);
  afterAll(() => app?.close());

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON'])('is a call without a body for calls that take none (%s)', async (type) => {
    const resend = await call('POST', `/event/expo/reservation/${UNKNOWN}/re-send-email?lang=en`, type, '');
    expect([resend.statusCode, resend.body]).toEqual([200, 'false']);
    const sendTicket = await call('POST', `/event/expo/ticket/${UNKNOWN}/send-ticket-by-email`, type);
    expect(sendTicket.statusCode).toBe(404);
    const release = await call('DELETE', `/event/expo/ticket/${UNKNOWN}`, type, '');
    expect(release.statusCode).toBe(200);
    const back = await call('POST', `/reservation/${UNKNOWN}/back-to-booking`, type, '');
    expect([back.statusCode, back.body]).toEqual([200, 'true']);
  });

  it('gives a call that needs a body what it gets without one (422, the field missing); a malformed one is still 400', async () => {
    const empty = await call('POST', '/event/expo/reserve-tickets?lang=en', 'application/json', '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validationErrors).toEqual([expect.objectContaining({ code: 'error.emptyField' })]);
    const malformed = await call('POST', '/event/expo/reserve-tickets?lang=en', 'application/json', '{');
    expect([malformed.statusCode, malformed.body]).toEqual([400, 'bad request']);
  });
});
