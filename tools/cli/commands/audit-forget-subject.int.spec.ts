import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { allProjections } from '@ticketing/application/projections';
import type { ProjectionLogger } from '@ticketing/projections';
import { runCli } from '../run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });

/**
 * `audit forget-subject` destroys a subject's key: the log's ciphertexts become unreadable, and the read models must
 * not keep what they had decrypted (a rebuild from the log would not have it). One order's buyer is forgotten; the
 * other order, of someone else, keeps its data.
 */
describe('audit forget-subject: the personal data goes from the read side too', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let forgotten: string;
  let kept: string;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, text: response.body, body: response.body && String(response.headers['content-type']).includes('json') ? response.json() : null };
  };
  async function cli(...argv: string[]): Promise<{ code: number; text: string }> {
    let text = '';
    const code = await runCli(argv, { db: app.db, store: app.store, projections: allProjections, out: { write: (t) => (text += t) }, logger: silent });
    return { code, text };
  }
  async function order(who: string): Promise<string> {
    const reserved = await call('POST', '/event/fair/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(reserved.status, reserved.text).toBe(200);
    const id = reserved.body.value as string;
    const [ticket] = (await call('GET', `/reservation/${id}`)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);
    const booked = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, {
      firstName: who,
      lastName: 'Buyer',
      email: `${who.toLowerCase()}@example.org`,
      tickets: { [ticket.uuid]: { firstName: who, lastName: 'Holder', email: `${who.toLowerCase()}.holder@example.org` } },
    });
    expect(booked.status, booked.text).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { paymentProxy: 'NONE', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
    expect(confirmed.status, confirmed.text).toBe(200);
    return id;
  }

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    const now = new Date();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-fair', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'fair', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00') }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('fair', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 10 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('fair', { category: ticketCategory({ id: 1, key: 'free', price: 0, capacityId: 1 }) }) }),
    ]);
    forgotten = await order('Zelda');
    kept = await order('Yara');
    await app.settle();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('leaves no name or e-mail of the forgotten buyer in the public answers or the read models, and a rebuild agrees', async () => {
    const before = await call('GET', `/reservation/${forgotten}`);
    expect(before.text).toContain('zelda@example.org');
    expect(before.text).toContain('zelda.holder@example.org');

    expect((await cli('audit', 'forget-subject', `reservation-${forgotten}`)).code).toBe(0);
    await app.settle();

    const after = await call('GET', `/reservation/${forgotten}`);
    expect(after.status).toBe(200);
    expect(after.text.toLowerCase()).not.toContain('zelda');
    const [ticket] = after.body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);
    const shown = await call('GET', `/event/fair/ticket/${ticket.uuid}`);
    expect(shown.text.toLowerCase()).not.toContain('zelda');

    // every read model's tables: nothing of hers, and what a rebuild from the log gives
    const dump = await app.db.query<{ t: string }>(
      `select string_agg(to_jsonb(r)::text, ' ') as t from (select * from ticketing_tickets) r`,
    );
    expect(String(dump.rows[0]?.t).toLowerCase()).not.toContain('zelda');
    const verified = await cli('projections', 'verify', '--all');
    expect(verified.code, verified.text).toBe(0);

    // the other buyer keeps hers
    const other = await call('GET', `/reservation/${kept}`);
    expect(other.text).toContain('yara@example.org');
    expect(other.text).toContain('yara.holder@example.org');
  });
});
