import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, subscriptionDescriptor, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const PASS = '6b000000-0000-4000-8000-000000000001';
const UNKNOWN = '6b000000-0000-4000-8000-0000000000ff';

/** Reference 3.9 item 56: a reservation's bare address answers 302 to the storefront page of its status. */
describe('GET /{event|subscription}/{id}/reservation/{reservationId}: the page of the reservation status', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const location = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(302);
    return answer.headers['location'];
  };
  const reservePass = async () =>
    (await app.inject({ method: 'POST', url: `/api/v2/public/subscription/${PASS}`, headers: { ...headers, 'accept-language': 'en' } })).json().value as string;

  beforeAll(async () => {
    app = await startTestApp();
    headers = await app.session();
    const now = new Date();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given(`subscription-descriptor-${PASS}`, [
      catalogEvent({
        type: 'SubscriptionDescriptorPublished',
        data: { descriptor: subscriptionDescriptor({ id: PASS, sale: { start: localDaysFrom(now, -1), end: null }, allowedPaymentProxies: ['OFFLINE'] }) },
      }),
    ]);
    await app.given('event-expo', [
      catalogEvent({
        type: 'EventPublished',
        data: {
          event: eventDetails({
            shortName: 'expo',
            start: localDaysFrom(now, 30),
            end: localDaysFrom(now, 30, '23:00:00'),
            allowedPaymentProxies: ['OFFLINE'],
          }),
        },
      }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'expo', capacity: { id: 1, key: 'hall', name: 'Hall', size: 100 } } }),
      catalogEvent({
        type: 'TicketCategoryAdded',
        data: { eventShortName: 'expo', category: ticketCategory({ id: 1, key: 'day', price: 2000, capacityId: 1 }) },
      }),
    ]);
    await app.given('event-fair', [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: 'fair', start: localDaysFrom(now, 40), end: localDaysFrom(now, 40, '23:00:00'), allowedPaymentProxies: ['OFFLINE'] }) },
      }),
    ]);
  }, 60_000);
  afterAll(() => app.close());

  it("leads a pass's pending reservation to its booking step, then to the overview once validated, the query kept", async () => {
    const id = await reservePass();
    expect(await location(`/subscription/${PASS}/reservation/${id}?subscription=${PASS}&lang=de`)).toBe(
      `/subscription/${PASS}/reservation/${id}/book?subscription=${PASS}&lang=de`,
    );
    const validated = await app.inject({
      method: 'POST',
      url: `/api/v2/public/reservation/${id}/validate-to-overview?lang=en`,
      headers,
      payload: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', tickets: {}, additionalServices: {}, differentSubscriptionOwner: false },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await location(`/subscription/${PASS}/reservation/${id}`)).toBe(`/subscription/${PASS}/reservation/${id}/overview`);
  });

  it('leads an event reservation to its page the same way', async () => {
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/v2/public/event/expo/reserve-tickets?lang=en',
      headers,
      payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] },
    });
    const id = reserved.json().value as string;
    expect(await location(`/event/expo/reservation/${id}`)).toBe(`/event/expo/reservation/${id}/book`);
  });

  it("sends a reservation of another event or pass to not-found: its page would show that one's prices and bank details", async () => {
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/v2/public/event/expo/reserve-tickets?lang=en',
      headers,
      payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] },
    });
    const expoOrder = reserved.json().value as string;
    const passOrder = await reservePass();
    expect(await location(`/event/fair/reservation/${expoOrder}`)).toBe(`/event/fair/reservation/${expoOrder}/not-found`);
    expect(await location(`/subscription/${PASS}/reservation/${expoOrder}`)).toBe(`/subscription/${PASS}/reservation/${expoOrder}/not-found`);
    expect(await location(`/event/expo/reservation/${passOrder}`)).toBe(`/event/expo/reservation/${passOrder}/not-found`);
    expect(await location(`/subscription/${PASS.toUpperCase()}/reservation/${passOrder}`)).toBe(`/subscription/${PASS.toUpperCase()}/reservation/${passOrder}/book`);
  });

  it('sends a reservation that is gone, or an id that cannot be one, to not-found; an unknown event or subscription home', async () => {
    const gone = '6b000000-0000-4000-8000-0000000000aa';
    expect(await location(`/subscription/${PASS}/reservation/${gone}`)).toBe(`/subscription/${PASS}/reservation/${gone}/not-found`);
    expect(await location(`/event/expo/reservation/not-a-reservation`)).toBe('/event/expo/reservation/not-a-reservation/not-found');
    expect(await location(`/subscription/${UNKNOWN}/reservation/${gone}`)).toBe('/');
    expect(await location(`/subscription/not-a-uuid/reservation/${gone}`)).toBe('/');
    expect(await location(`/event/no-such-event/reservation/${gone}`)).toBe('/');
  });
});
