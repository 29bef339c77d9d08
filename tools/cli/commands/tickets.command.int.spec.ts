import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { allProjections } from '@ticketing/application/projections';
import type { ProjectionLogger } from '@ticketing/projections';
import { catalogEvent, eventDetails, localDaysFrom, organizer, poll, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { pollPinOf } from '@ticketing/ticketing/contracts';
import { runCli } from '../run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });

/** The CLI beside the running API, on its database and log: tickets bought and their QR codes read through the API. */
describe('tools tickets check-in', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const run = async (...argv: string[]) => {
    let text = '';
    let errors = '';
    const code = await runCli(argv, { db: app.db, store: app.store, projections: allProjections, out: { write: (t) => void (text += t) }, err: { write: (t) => void (errors += t) }, logger: silent });
    return { code, text, errors };
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null, raw: response.rawPayload };
  };
  const codeOf = async (event: string, ticketId: string) => {
    const image = PNG.sync.read((await call('GET', `/event/${event}/ticket/${ticketId}/code.png`)).raw);
    return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)!.data;
  };
  const buy = async (shortName: string, proxy: string | null = null): Promise<string> => {
    const reserved = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const ticket = (await call('GET', `/reservation/${id}`)).body.ticketsByCategory[0].tickets[0].uuid as string;
    const holder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: {} };
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...holder, tickets: { [ticket]: holder } })).status).toBe(200);
    expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...(proxy ? { paymentProxy: proxy } : {}) })).status).toBe(200);
    return ticket;
  };

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const start = localDaysFrom(new Date(), 0, '00:00:00');
    const end = localDaysFrom(new Date(), 1, '23:00:00');
    for (const [shortName, price, proxies] of [['meetup', 0, []], ['gala', 4500, ['ON_SITE']]] as const) {
      await app.given(`event-${shortName}`, [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, start, end, allowedPaymentProxies: [...proxies] }) } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent(shortName, { category: ticketCategory({ id: 1, key: 'regular', price, name: { en: 'Community' } }) }) }),
      ]);
    }
    await app.given('event-meetup', [catalogEvent({ type: 'PollAdded', data: inEvent('meetup', { poll: poll({ id: 1 }) }) })]);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('checks the ticket in and prints its poll PIN, which opens the polls once the API caught up; a second scan changes nothing', async () => {
    const ticket = await buy('meetup');
    const code = await codeOf('meetup', ticket);
    const pin = pollPinOf(ticket);
    expect(await run('tickets', 'check-in', 'meetup', code)).toEqual({ code: 0, text: `ticket ${ticket} checked in: Ada Lovelace (Community)\npoll PIN: ${pin}\n`, errors: '' });
    const [checkedIn] = (await app.store.readStream(`ticket-${ticket}`)).filter((e) => e.type === 'TicketCheckedIn');
    expect(checkedIn).toMatchObject({ data: { channel: 'DOOR' }, metadata: { actor: 'operator:cli' } });

    await app.settle();
    const polls = await call('GET', `/event/meetup/poll?pin=${pin}`);
    expect(polls.status).toBe(200);
    expect(polls.body.value).toHaveLength(1);

    expect(await run('tickets', 'check-in', 'meetup', code)).toEqual({
      code: 0,
      text: `ticket ${ticket} already checked in at ${checkedIn!.metadata.occurredAt}, nothing changed: Ada Lovelace (Community)\npoll PIN: ${pin}\n`,
      errors: '',
    });
    expect((await app.store.readStream(`ticket-${ticket}`)).filter((e) => e.type === 'TicketCheckedIn')).toHaveLength(1);
  });

  it('refuses (exit 1) an old code of a ticket handed on, another event, a price owed; 2 for a wrong command line', async () => {
    const ticket = await buy('meetup');
    const oldCode = await codeOf('meetup', ticket);
    expect((await call('PUT', `/event/meetup/ticket/${ticket}`, { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', additional: {} })).status).toBe(200);
    expect(await run('tickets', 'check-in', 'meetup', oldCode)).toEqual({
      code: 1,
      text: '',
      errors: "refused (invalid_code): not the code of the ticket's current holder (forged, mistyped, or the ticket was handed on since it was printed)\n",
    });
    const owed = await buy('gala', 'ON_SITE');
    const owedCode = await codeOf('gala', owed);
    expect(await run('tickets', 'check-in', 'meetup', owedCode)).toEqual({ code: 1, text: '', errors: 'refused (not_found): no ticket of this event has this code (unknown, of another event, or released)\n' });
    expect(await run('tickets', 'check-in', 'gala', owedCode)).toEqual({ code: 1, text: '', errors: 'refused (error.ticket.to-be-paid): its price is owed: take the payment at the desk first\n' });
    expect(await run('tickets', 'check-in', 'nowhere', owedCode)).toEqual({ code: 1, text: '', errors: 'event nowhere not found\n' });
    for (const t of [ticket, owed]) expect((await app.store.readStream(`ticket-${t}`)).filter((e) => e.type === 'TicketCheckedIn')).toHaveLength(0);
    // the new holder's code works
    expect((await run('tickets', 'check-in', 'meetup', await codeOf('meetup', ticket))).text).toContain('checked in: Grace Hopper');

    expect((await run('tickets', 'check-in', 'meetup')).code).toBe(2);
    expect((await run('tickets', 'scan', 'meetup', oldCode)).code).toBe(2);
  });
});
