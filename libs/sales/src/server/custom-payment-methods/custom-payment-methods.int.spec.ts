import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const now = new Date();

describe('GET /api/v2/public/reservation/{id}/applicable-custom-payment-method-details', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const get = (id: string) => app.inject({ method: 'GET', url: `/api/v2/public/reservation/${id}/applicable-custom-payment-method-details`, headers });
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

  it('answers 404 for an unknown or cancelled reservation', async () => {
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const id = await reserve();
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers })).statusCode).toBe(200);
    expect((await get(id)).statusCode).toBe(404);
  });
});
