import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { allProjections } from '@ticketing/application/projections';
import type { ProjectionLogger } from '@ticketing/projections';
import { runCli } from '../run-cli.js';

const ORGANIZER_KEY = 'k-organizer-7c41d09e2b';
const AUDITOR_KEY = 'k-auditor-5e82a1f3c6d9';
const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
  headers: Record<string, unknown>;
}

/**
 * A purchase of one paid and one free ticket, paid by bank transfer and confirmed by the organizer, whose paid
 * ticket is handed to someone else and whose free ticket is given back; then its buyer is forgotten.
 */
describe('audit order | ticket | subscription (CLI and auditor API)', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let id: string;
  let paid: string;
  let free: string;
  let pending: string;
  let ip = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, extra: Record<string, string> = {}): Promise<Answer> => {
    const response = await app.inject({ method, url: url.startsWith('/api') ? url : `/api/v2/public${url}`, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });
    const type = String(response.headers['content-type'] ?? '');
    return { status: response.statusCode, body: type.includes('json') && response.body ? response.json() : response.body, headers: response.headers };
  };
  /** An auditor API call, from an address of its own unless one is given (each address has its own rate budget). */
  const audit = async (path: string, key: string | null, remoteAddress = `10.0.0.${++ip}`): Promise<Answer> => {
    const response = await app.inject({ method: 'GET', url: `/api/v2/audit/${path}`, remoteAddress, headers: key ? { authorization: `ApiKey ${key}` } : {} });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: json ? response.json() : response.body, headers: response.headers };
  };
  /** `text` what goes to stdout, `errors` what goes to stderr. */
  async function cli(...argv: string[]): Promise<{ code: number; text: string; errors: string }> {
    let text = '';
    let errors = '';
    const code = await runCli(argv, { db: app.db, store: app.store, projections: allProjections, out: { write: (t) => (text += t) }, err: { write: (t) => (errors += t) }, logger: silent });
    return { code, text, errors };
  }
  const ticketsOf = async (reservationId: string): Promise<{ uuid: string; categoryId?: number }[]> =>
    (await call('GET', `/reservation/${reservationId}`)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);

  beforeAll(async () => {
    app = await startTestApp({
      RESERVATION_SWEEP_INTERVAL_MS: '0',
      ORGANIZER_API_KEYS: `acme:${ORGANIZER_KEY}`,
      AUDITOR_API_KEYS: `audit-firm:${AUDITOR_KEY}`,
      // the auditor calls' budget: 3 at once, then one a minute (the other calls keep their defaults)
      RATE_LIMITS: 'audit=1:3',
    });
    headers = await app.session();
    const now = new Date();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-gala', [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: 'gala', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['OFFLINE'], allowFreeTicketsCancellation: true }) },
      }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('gala', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 10 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('gala', { category: ticketCategory({ id: 1, key: 'regular', price: 4500, capacityId: 1 }) }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('gala', { category: ticketCategory({ id: 2, key: 'guest', price: 0, capacityId: 1 }) }) }),
    ]);

    // another order on the same inventory, whose holds must not show in the story
    const other = await call('POST', '/event/gala/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(other.status).toBe(200);
    pending = other.body.value as string;

    const reserved = await call('POST', '/event/gala/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }, { ticketCategoryId: 2, amount: 1 }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    id = reserved.body.value as string;
    const tickets = await ticketsOf(id);
    expect(tickets).toHaveLength(2);
    [paid, free] = tickets.map((t) => t.uuid) as [string, string];
    const attendees = Object.fromEntries(tickets.map((t, i) => [t.uuid, { firstName: `Guest${i}`, lastName: 'Smith', email: `guest${i}@example.org` }]));
    const booked = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', tickets: attendees });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const transfer = await call('POST', `/api/v2/organizer/reservations/${id}/confirm-payment`, undefined, { authorization: `ApiKey ${ORGANIZER_KEY}` });
    expect([transfer.status, transfer.body.value]).toEqual([200, 'CONFIRMED']);
    expect((await call('GET', `/reservation/${id}`)).body.status).toBe('COMPLETE');
    const reassigned = await call('PUT', `/event/gala/ticket/${paid}`, { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' });
    expect(reassigned.status, JSON.stringify(reassigned.body)).toBe(200);
    expect(await call('DELETE', `/event/gala/ticket/${free}`)).toMatchObject({ status: 200, body: true });
    await app.settle();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('prints every step of the order in log order, across its streams, with the status after each', async () => {
    const { code, text } = await cli('audit', 'order', id);
    expect(code, text).toBe(0);
    const rows = text.split('\n').filter((l) => /^\d+\s/.test(l));
    const steps = rows.map((r) => {
      const [, , stream, type, status] = r.split(/\s{2,}/);
      return `${stream!.replace(id, 'R').replace(paid, 'P').replace(free, 'F')} ${type} ${status}`;
    });
    // what happened, in log order: the hold, which opens the order (one event per hold), the booking, whose append
    // records that opening first in the order's own stream, a transfer chosen (the hold waits for it), the transfer
    // confirmed by the organizer (seats sold, tickets issued), the paid ticket handed to someone else, the free one given back
    expect(steps).toEqual([
      'inventory-gala SeatsHeld PENDING',
      'reservation-R ReservationOpened PENDING',
      'reservation-R BookingDetailsRecorded PENDING',
      'reservation-R BookingValidated PENDING',
      'inventory-gala HoldExtended PENDING',
      'reservation-R ReservationConfirmed OFFLINE_PAYMENT',
      'inventory-gala SeatsSold OFFLINE_PAYMENT',
      'reservation-R OfflinePaymentConfirmed COMPLETE',
      'ticket-P TicketIssued COMPLETE',
      'ticket-F TicketIssued COMPLETE',
      'ticket-P TicketAssigned COMPLETE',
      'inventory-gala TicketReturned COMPLETE',
      'ticket-F TicketReleased COMPLETE',
    ]);
    const confirmedAt = steps.indexOf('reservation-R OfflinePaymentConfirmed COMPLETE');
    // positions strictly increase, and the other order's hold is not there
    const positions = rows.map((r) => BigInt(r.split(/\s+/)[0]!));
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    expect(steps.filter((s) => s.startsWith('inventory-gala SeatsHeld'))).toHaveLength(1);
    // the amounts: its price at opening, the money the organizer confirmed
    expect(rows[1]).toContain('CHF price 45.00 discount 0.00');
    expect(rows[confirmedAt]).toContain('CHF paid 45.00');
    expect(text).toMatch(/^order [0-9a-f-]{36}: COMPLETE, \d+ event\(s\) in \d+ stream\(s\)$/m);
    // personal data under its step, readable until the subject is forgotten
    expect(text).toContain('"email":"ada@example.org"');
    expect(text).toContain('"email":"grace@example.org"');
  });

  it('gives the same story as JSON, from the order, from one of its tickets, with who, why and when', async () => {
    const order = await cli('audit', 'order', id, '--json');
    const story = JSON.parse(order.text);
    expect(story).toMatchObject({ subject: { kind: 'order', id }, reservationId: id, finalStatus: 'COMPLETE' });
    expect(story.streams).toEqual([
      { streamId: `reservation-${id}`, events: 5 },
      { streamId: 'inventory-gala', events: 4 },
      { streamId: `ticket-${paid}`, events: 2 },
      { streamId: `ticket-${free}`, events: 2 },
    ]);
    const opened = story.steps[1];
    expect(opened).toMatchObject({ type: 'ReservationOpened', statusAfter: 'PENDING', amounts: { currency: 'CHF', price: 4500, discount: 0 }, actor: expect.any(String), correlationId: expect.any(String), causationId: expect.any(String) });
    const held = story.steps.find((s: { type: string }) => s.type === 'SeatsHeld');
    expect(held.correlationId).toBe(opened.correlationId);
    const viaTicket = JSON.parse((await cli('audit', 'ticket', free, '--json')).text);
    expect(viaTicket.subject).toEqual({ kind: 'ticket', id: free });
    expect(viaTicket.steps.map((s: { eventId: string }) => s.eventId)).toEqual(story.steps.map((s: { eventId: string }) => s.eventId));
    // said on stderr: `--json > story.json` holds JSON or nothing
    expect(await cli('audit', 'order', UNKNOWN, '--json')).toEqual({ code: 1, text: '', errors: `no order ${UNKNOWN} in the log\n` });
    expect(await cli('audit', 'ticket', UNKNOWN)).toEqual({ code: 1, text: '', errors: `no ticket ${UNKNOWN} in the log\n` });
    expect(await cli('audit', 'subscription', UNKNOWN)).toMatchObject({ code: 1 });
  });

  it('lists only the streams that hold something of the order: a pending order\'s tickets are not issued yet', async () => {
    const story = JSON.parse((await cli('audit', 'order', pending, '--json')).text);
    expect(story.finalStatus).toBe('PENDING');
    expect(story.streams).toEqual([{ streamId: 'inventory-gala', events: 1 }]);
  });

  it('answers the auditor API: 200 with an auditor key, 401 without one, 403 with an organizer key, 404 for an unknown order', async () => {
    const answer = await audit(`order/${id}`, AUDITOR_KEY);
    expect(answer.status).toBe(200);
    const cliStory = JSON.parse((await cli('audit', 'order', id, '--json')).text);
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(cliStory)));
    expect((await audit(`ticket/${paid}`, AUDITOR_KEY)).body.reservationId).toBe(id);

    const anonymous = await audit(`order/${id}`, null);
    expect([anonymous.status, anonymous.headers['www-authenticate']]).toEqual([401, 'ApiKey']);
    expect((await audit(`order/${id}`, 'k-not-a-key-at-all-0000')).status).toBe(401);
    expect((await audit(`order/${id}`, ORGANIZER_KEY)).status).toBe(403);
    const unknown = await audit(`order/${UNKNOWN}`, AUDITOR_KEY);
    expect([unknown.status, unknown.body]).toEqual([404, '']);
    expect((await audit(`ticket/${UNKNOWN}`, AUDITOR_KEY)).status).toBe(404);
    expect((await audit(`subscription/${UNKNOWN}`, AUDITOR_KEY)).status).toBe(404);
    expect((await audit('order/not-a-uuid', AUDITOR_KEY)).status).toBe(422);
  });

  it('limits the rate of auditor calls per client (429 with Retry-After), and serves nothing but GET', async () => {
    const from = '10.1.2.3';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await audit(`order/${id}`, AUDITOR_KEY, from)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await audit(`order/${id}`, AUDITOR_KEY, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.validationErrors[0].code).toBe('error.TOO_MANY_REQUESTS');
    // another client still has its budget
    expect((await audit(`order/${id}`, AUDITOR_KEY, '10.1.2.4')).status).toBe(200);
    // read-only: no other method is served
    const head = await app.store.headPosition();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const write = await app.inject({ method, url: `/api/v2/audit/order/${id}`, remoteAddress: '10.1.2.5', headers: { ...headers, authorization: `ApiKey ${AUDITOR_KEY}` } });
      expect(write.statusCode, method).toBeGreaterThanOrEqual(400);
    }
    expect(await app.store.headPosition()).toBe(head);
  });

  it('after forget-subject, prints the same steps with the personal data erased', async () => {
    const before = JSON.parse((await cli('audit', 'order', id, '--json')).text);
    const subjects = [...new Set(before.steps.filter((s: { personal: unknown }) => s.personal).map((s: { personal: { subjectId: string } }) => s.personal.subjectId))];
    expect(subjects).toEqual([`reservation-${id}`]);
    expect((await cli('audit', 'forget-subject', `reservation-${id}`)).code).toBe(0);

    const after = JSON.parse((await cli('audit', 'order', id, '--json')).text);
    const shape = (story: typeof before) => story.steps.map((s: { type: string; streamId: string; statusAfter: string; position: string; hash: string }) => [s.position, s.streamId, s.type, s.statusAfter, s.hash]);
    expect(shape(after)).toEqual(shape(before));
    const personal = after.steps.filter((s: { personal: unknown }) => s.personal);
    expect(personal.length).toBeGreaterThanOrEqual(4);
    for (const step of personal) expect(step.personal.data).toBe('[erased]');

    const { text } = await cli('audit', 'order', id);
    expect(text).not.toContain('ada@example.org');
    expect(text).not.toContain('grace@example.org');
    expect(text).toContain(`personal (reservation-${id}): [erased]`);
    const api = await audit(`order/${id}`, AUDITOR_KEY);
    expect(api.body.steps.filter((s: { personal: unknown }) => s.personal).every((s: { personal: { data: unknown } }) => s.personal.data === '[erased]')).toBe(true);
    expect(JSON.stringify(api.body)).not.toContain('lovelace');
    expect(JSON.stringify(api.body).toLowerCase()).not.toContain('lovelace');
  });
});
