import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { reservationOpening, startTestApp, type TestApp } from '@ticketing/testing/app';
import type { EventDetails } from '@ticketing/catalog/contracts';
import { sessionDigest } from '@ticketing/wire';

type EmbeddingConfiguration = EventDetails['embedding'];

const now = new Date();

/** Spec 3 and 4: a reservation's metadata carries the embedding settings of the event it was made for. */
describe('GET /api/v2/public/reservation/{id}: metadata from the event embedding', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const publish = async (shortName: string, embedding: EmbeddingConfiguration) =>
    app.given(`event-${shortName}`, [
      catalogEvent({ type: 'EventPublished', data: { event: { ...eventDetails({ shortName, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en'] }), embedding } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'regular', price: 0, maxPerReservation: 2 }) } }),
    ]);
  const metadataOf = async (shortName: string) => {
    const reserved = await app.inject({ method: 'POST', url: `/api/v2/public/event/${shortName}/reserve-tickets?lang=en`, headers, payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const info = await app.inject({ method: 'GET', url: `/api/v2/public/reservation/${reserved.json().value}`, headers });
    return (info.json() as { metadata: Record<string, boolean> }).metadata;
  };

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await publish('framed', { enabled: true, notificationOrigin: 'https://host.example.org', hideContactData: true, hideConfirmationButtons: true });
    await publish('not-framed', { enabled: false, notificationOrigin: '', hideContactData: true });
    await publish('plain', { enabled: false, notificationOrigin: '' });
  });
  afterAll(() => app?.close());

  it('hides the contact and the confirmation buttons as the event says', async () => {
    expect(await metadataOf('framed')).toMatchObject({ hideContactData: true, hideConfirmationButtons: true });
  });

  it('records who reserved by a digest of the session, never the session id itself (a bearer secret an auditor must not hold)', async () => {
    const reserved = await app.inject({ method: 'POST', url: '/api/v2/public/event/plain/reserve-tickets?lang=en', headers, payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } });
    const id = reserved.json().value as string;
    const opened = await reservationOpening(app.store, id);
    const sessionId = headers['x-auth-token']!;
    expect(opened!.event.metadata.actor).toBe(`session:${sessionDigest(sessionId)}`);
    // the buyer's first change records the opening in the reservation's own stream, with the hold's metadata
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers })).statusCode).toBe(200);
    const stream = await app.store.readStream(`reservation-${id}`);
    expect(stream.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['ReservationOpened', `session:${sessionDigest(sessionId)}`],
      ['ReservationCancelled', `session:${sessionDigest(sessionId)}`],
    ]);
    expect(stream[0]!.metadata.occurredAt).toBe(opened!.event.metadata.occurredAt);
    const logged = JSON.stringify([opened!.event, ...stream], (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    expect(logged).not.toContain(sessionId);
  });

  it('asks the contact when embedding is off, whatever hideContactData says; nothing hidden by default', async () => {
    expect(await metadataOf('not-framed')).toMatchObject({ hideContactData: false, hideConfirmationButtons: false });
    expect(await metadataOf('plain')).toMatchObject({ hideContactData: false, hideConfirmationButtons: false });
  });
});
