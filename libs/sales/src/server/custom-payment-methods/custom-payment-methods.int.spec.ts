import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { buyerOf } from '../pay-online/pay-online.fixtures.js';

const now = new Date();

describe('GET /api/v2/public/reservation/{id}/{applicable,selected}-custom-payment-method-details', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const get = (id: string) => app.inject({ method: 'GET', url: `/api/v2/public/reservation/${id}/applicable-custom-payment-method-details`, headers });
  const getSelected = (id: string) => app.inject({ method: 'GET', url: `/api/v2/public/reservation/${id}/selected-custom-payment-method-details`, headers });
  const expectText400 = (response: { statusCode: number; headers: Record<string, unknown>; body: string }, text: string) => {
    expect(response.statusCode).toBe(400);
    expect(String(response.headers['content-type'])).toMatch(/^text\/plain/);
    expect(response.body).toBe(text);
  };
  const reserve = async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v2/public/event/gala/reserve-tickets?lang=en', headers, payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } });
    expect(response.statusCode).toBe(200);
    return response.json().value as string;
  };

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-gala', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'gala', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['OFFLINE', 'ON_SITE'] }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'gala', category: ticketCategory({ price: 4500 }) } }),
    ]);
  });
  afterAll(() => app?.close());

  // alf.io's Angular client asks on every overview (overview.component.ts, payment-method-selector.component.ts)
  it('answers an empty list for a reservation: no catalog defines its own offline methods', async () => {
    const response = await get(await reserve());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 400 text/plain for an unknown or cancelled reservation (reference 30)', async () => {
    expectText400(await get('00000000-0000-4000-8000-000000000000'), 'Passed reservationId does not exist.');
    const id = await reserve();
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers })).statusCode).toBe(200);
    expectText400(await get(id), 'Passed reservationId does not exist.');
    expect((await get('not-a-uuid')).statusCode).toBe(422);
  });

  // reference 31: the method chosen at confirmation; none of a catalog's methods is a custom one
  it('answers the selected method with 400 text/plain: unknown reservation, or no custom method behind its payment', async () => {
    expectText400(await getSelected('00000000-0000-4000-8000-000000000000'), 'Passed reservationId does not exist.');
    const id = await reserve();
    expectText400(await getSelected(id), 'The payment method associated with your transaction does not exist.');
    // confirmed with a bank transfer, a built-in method
    const buyer = await buyerOf(app, 'ada@example.org');
    const paid = await buyer.toOverview('gala');
    expect((await buyer.confirm(paid, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' })).status).toBe(200);
    const selected = await app.inject({ method: 'GET', url: `/api/v2/public/reservation/${paid}/selected-custom-payment-method-details`, headers: buyer.headers });
    expectText400(selected, 'The payment method associated with your transaction does not exist.');
    expect((await getSelected('not-a-uuid')).statusCode).toBe(422);
  });
});
