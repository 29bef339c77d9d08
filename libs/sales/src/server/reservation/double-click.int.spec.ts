import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { CommandBus } from '@nestjs/cqrs';
import { ExpireReservationsCommand } from '../expire-reservations/expire-reservations.command.js';

const now = new Date();
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });

/** Issue 17, item 1: a buyer's double (or eightfold) click on one reservation is retried or refused cleanly, never a 500. */
describe('concurrent calls on one reservation', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const reserve = async () => {
    const { status, body } = await call('POST', '/event/clicks/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(status).toBe(200);
    const id = body.value as string;
    const [ticket] = (await call('GET', `/reservation/${id}`)).body.ticketsByCategory[0].tickets as { uuid: string }[];
    return { id, ticket: ticket!.uuid };
  };
  const form = (ticket: string, name: string) => {
    const person = { firstName: name, lastName: 'Clicker', email: `${name.toLowerCase()}@example.org` };
    return { ...person, tickets: { [ticket]: person } };
  };

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-clicks', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'clicks', start: localDaysFrom(now, 20), end: localDaysFrom(now, 20, '23:00:00'), allowedPaymentProxies: [] }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('clicks', { capacity: { id: 1, key: 'room', name: 'Room', size: 100 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('clicks', { category: ticketCategory({ id: 1, key: 'free', price: 0, capacityId: 1 }) }) }),
    ]);
  });
  afterAll(() => app.close());

  it('eight different bookings sent at once: each is recorded or answered 409, the last one recorded is what the order shows', async () => {
    const { id, ticket } = await reserve();
    const names = Array.from({ length: 8 }, (_, i) => `A${i}`);
    const answers = await Promise.all(names.map((name) => call('POST', `/reservation/${id}/validate-to-overview?lang=en`, form(ticket, name))));
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.validationErrors).toEqual([{ fieldName: 'request', code: 'error.concurrentUpdate', arguments: null }]);
    }
    const shown = (await call('GET', `/reservation/${id}`)).body;
    expect(names).toContain(shown.firstName);
    expect(shown.validatedBookingInformation).toBe(true);
    // only its hold opened it: the eight first changes raced to write its stream, whose opening is recorded once, first
    const types = (await app.store.readStream(`reservation-${id}`)).map((e) => e.type);
    expect(types[0]).toBe('ReservationOpened');
    expect(types.filter((t) => t === 'ReservationOpened')).toHaveLength(1);
  });

  it('a cancel and the expiry at once on a reservation only its hold opened: it ends once, its opening recorded once', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await reserve();
      await app.settle(); // the sweeper finds due reservations in the reservations read model
      const [cancel] = await Promise.all([
        app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers }),
        app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 60 * 60_000))),
      ]);
      expect(cancel.statusCode).toBe(200);
      const types = (await app.store.readStream(`reservation-${id}`)).map((e) => e.type);
      expect(types.length === 2 && types[0] === 'ReservationOpened' && ['ReservationCancelled', 'ReservationExpired'].includes(types[1]!), types.join()).toBe(true);
      const released = (await app.store.readStream('inventory-clicks')).filter((e) => e.type === 'HoldReleased' && e.data.reservationId === id);
      expect(released).toHaveLength(1);
      expect((await call('GET', `/reservation/${id}`)).status).toBe(404);
    }
  });

  it('back-to-booking mixed with validate-to-overview: no 5xx, and the order ends in one consistent state', async () => {
    const { id, ticket } = await reserve();
    const calls = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0 ? call('POST', `/reservation/${id}/validate-to-overview?lang=en`, form(ticket, `B${i}`)) : call('POST', `/reservation/${id}/back-to-booking`),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    const events = await app.store.readStream(`reservation-${id}`);
    expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
    expect((await call('GET', `/reservation/${id}`)).status).toBe(200);
  });
});
