import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { catalogEvent, eventDetails, localDaysFrom, organizer, poll, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { pollPinOf } from '@ticketing/ticketing/contracts';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
  raw: Buffer;
}

const ACME_KEY = 'acme-door-key-0123456789';
const HARBOUR_KEY = 'harbour-door-key-0123456789';
const now = new Date();
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });

function qrOf(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  if (!code) throw new Error('no QR code in the ticket image');
  return code;
}

describe('check-in at the door (organizer API)', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: url.startsWith('/api') ? url : `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    const type = String(response.headers['content-type'] ?? '');
    return { status: response.statusCode, body: type.includes('json') && response.body ? response.json() : response.body, raw: response.rawPayload };
  };
  /** A scan at the door of `event` with an organizer's key (or the raw Authorization header given). */
  const scan = async (event: string, payload: unknown, authorization: string | null = `ApiKey ${ACME_KEY}`, query = ''): Promise<Omit<Answer, 'raw'>> => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v2/organizer/events/${event}/check-in${query}`,
      headers: authorization === null ? {} : { authorization },
      payload: payload as object,
    });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: json ? response.json() : response.body };
  };
  const refusal = (fieldName: string, code: string) => ({ status: 422, body: { success: false, errorCount: 1, validationErrors: [{ fieldName, code, arguments: null }], value: null, warnings: [] } });
  const checkIns = async (ticketId: string) => (await app.store.readStream(`ticket-${ticketId}`)).filter((e) => e.type === 'TicketCheckedIn');
  const codeOf = async (event: string, ticketId: string) => qrOf((await call('GET', `/event/${event}/ticket/${ticketId}/code.png`)).raw);

  /** Reserves one ticket of category 1 and completes the order (free, or paid at the desk); the ticket's uuid. */
  const buy = async (shortName: string, proxy: string | null = null): Promise<string> => {
    const reserved = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const [ticket] = (await call('GET', `/reservation/${id}`)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets.map((t) => t.uuid));
    const holder = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: {} };
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...holder, tickets: { [ticket]: holder } })).status).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...(proxy ? { paymentProxy: proxy } : {}) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return ticket as string;
  };

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0', ORGANIZER_API_KEYS: `acme:${ACME_KEY},harbour:${HARBOUR_KEY}` });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('organizer-harbour', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'harbour', name: 'Harbour Events' }) } })]);
    const start = localDaysFrom(now, 0, '00:00:00');
    const end = localDaysFrom(now, 1, '23:00:00');
    const event = (shortName: string, organizerSlug: string, price: number, proxies: NonNullable<Parameters<typeof eventDetails>[0]>['allowedPaymentProxies']) => [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, organizerSlug, start, end, allowedPaymentProxies: proxies, allowFreeTicketsCancellation: true }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent(shortName, { category: ticketCategory({ id: 1, key: 'regular', price, name: { en: 'Community', it: 'Comunità' } }) }) }),
    ];
    await app.given('event-meetup', [...event('meetup', 'acme', 0, []), catalogEvent({ type: 'PollAdded', data: inEvent('meetup', { poll: poll({ id: 1 }) }) })]);
    await app.given('event-gala', event('gala', 'acme', 4500, ['ON_SITE']));
    await app.given('event-regatta', event('regatta', 'harbour', 0, []));
  });

  afterAll(async () => {
    await app?.close();
  });

  it("checks the scanned ticket in and answers its holder and poll PIN, which then opens the event's polls", async () => {
    const ticket = await buy('meetup');
    const code = await codeOf('meetup', ticket);
    expect(code).toMatch(new RegExp(`^${ticket}/`));
    // not checked in yet: its PIN opens nothing
    expect(await call('GET', `/event/meetup/poll?pin=${pollPinOf(ticket)}`)).toMatchObject(refusal('pin', 'pin.invalid'));

    const answer = await scan('meetup', { code });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      errorCount: 0,
      validationErrors: [],
      warnings: [],
      value: { result: 'CHECKED_IN', ticket: { uuid: ticket, categoryName: 'Community', fullName: 'Ada Lovelace', checkedInAt: expect.any(String), pollPin: pollPinOf(ticket) } },
    });
    expect(Math.abs(Date.parse(answer.body.value.ticket.checkedInAt) - Date.now())).toBeLessThan(60_000);

    const polls = await call('GET', `/event/meetup/poll?pin=${answer.body.value.ticket.pollPin}`);
    expect(polls.status).toBe(200);
    expect(polls.body.value.map((p: { id: number }) => p.id)).toEqual([1]);

    const [checkedIn, ...more] = await checkIns(ticket);
    expect(more).toEqual([]);
    expect(checkedIn!.data).toEqual({ ticketId: ticket, eventShortName: 'meetup', channel: 'DOOR' });
    expect(checkedIn!.metadata.actor).toBe('organizer:acme');

    // a second scan: the same ticket coming back in, nothing written
    const again = await scan('meetup', { code });
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual({ result: 'ALREADY_CHECKED_IN', ticket: answer.body.value.ticket });
    expect(await checkIns(ticket)).toHaveLength(1);
    // the category in the door staff's language when it has that name, else the event's first
    expect((await scan('meetup', { code }, `ApiKey ${ACME_KEY}`, '?lang=it-CH')).body.value.ticket.categoryName).toBe('Comunità');
    expect((await scan('meetup', { code }, `ApiKey ${ACME_KEY}`, '?lang=fr')).body.value.ticket.categoryName).toBe('Community');
    expect((await scan('meetup', { code }, `ApiKey ${ACME_KEY}`, '?lang=no%20such')).status).toBe(422);
  });

  it('lets one of three concurrent scans of a ticket check it in; the others answer ALREADY_CHECKED_IN (one event appended)', async () => {
    const ticket = await buy('meetup');
    const code = await codeOf('meetup', ticket);
    const answers = await Promise.all([scan('meetup', { code }), scan('meetup', { code }), scan('meetup', { code })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.value.result).sort()).toEqual(['ALREADY_CHECKED_IN', 'ALREADY_CHECKED_IN', 'CHECKED_IN']);
    expect(new Set(answers.map((a) => a.body.value.ticket.checkedInAt)).size).toBe(1);
    expect(await checkIns(ticket)).toHaveLength(1);
  });

  it("refuses the old code of a ticket handed on (invalid_code) and takes the new holder's", async () => {
    const ticket = await buy('meetup');
    const oldCode = await codeOf('meetup', ticket);
    const handedOn = await call('PUT', `/event/meetup/ticket/${ticket}`, { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', additional: {} });
    expect(handedOn.status, JSON.stringify(handedOn.body)).toBe(200);
    const newCode = await codeOf('meetup', ticket);
    expect(newCode).not.toBe(oldCode);

    expect(await scan('meetup', { code: oldCode })).toEqual(refusal('code', 'invalid_code'));
    expect(await checkIns(ticket)).toHaveLength(0);
    const answer = await scan('meetup', { code: newCode });
    expect(answer.body.value).toMatchObject({ result: 'CHECKED_IN', ticket: { fullName: 'Grace Hopper' } });
  });

  it('refuses forged and unknown codes, tickets of another event or released, and a price owed at the desk', async () => {
    const ticket = await buy('meetup');
    const code = await codeOf('meetup', ticket);
    const signature = code.slice(code.indexOf('/') + 1);
    const forged = `${ticket}/${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await scan('meetup', { code: forged })).toEqual(refusal('code', 'invalid_code'));
    for (const garbage of ['hello', `${ticket}`, `${ticket}${signature}`, `/${signature}`]) expect(await scan('meetup', { code: garbage })).toEqual(refusal('code', 'invalid_code'));
    // the uuid in capitals, as some scanners send it, is the same ticket's code (the signature is base64: its case counts)
    const other = await buy('meetup');
    const otherCode = await codeOf('meetup', other);
    const shouted = await scan('meetup', { code: ` ${other.toUpperCase()}${otherCode.slice(otherCode.indexOf('/'))} ` });
    expect(shouted.body.value).toMatchObject({ result: 'CHECKED_IN', ticket: { uuid: other } });
    expect(await scan('meetup', { code: `00000000-0000-4000-8000-000000000000/${signature}` })).toEqual(refusal('code', 'not_found'));

    // the gala's ticket, scanned at the meetup's door (the same organizer): no ticket of this event; at the gala, its price is owed
    const owed = await buy('gala', 'ON_SITE');
    const owedCode = await codeOf('gala', owed);
    expect(await scan('meetup', { code: owedCode })).toEqual(refusal('code', 'not_found'));
    expect(await scan('gala', { code: owedCode })).toEqual(refusal('request', 'error.ticket.to-be-paid'));

    // given back by its holder: no longer a ticket
    expect(await call('DELETE', `/event/meetup/ticket/${ticket}`)).toMatchObject({ status: 200, body: true });
    expect(await scan('meetup', { code })).toEqual(refusal('code', 'not_found'));
    expect(await checkIns(ticket)).toHaveLength(0);
    expect(await checkIns(owed)).toHaveLength(0);
  });

  it("keeps an organizer to its own events: another's, or an unknown event, is not found (404)", async () => {
    const regatta = await buy('regatta');
    const regattaCode = await codeOf('regatta', regatta);
    expect((await scan('regatta', { code: regattaCode })).status).toBe(404);
    expect((await scan('nowhere', { code: regattaCode })).status).toBe(404);
    const meetup = await buy('meetup');
    expect((await scan('meetup', { code: await codeOf('meetup', meetup) }, `ApiKey ${HARBOUR_KEY}`)).status).toBe(404);
    expect(await checkIns(regatta)).toHaveLength(0);
    expect(await checkIns(meetup)).toHaveLength(0);
    // harbour's own key checks its own ticket in
    const own = await scan('regatta', { code: regattaCode }, `ApiKey ${HARBOUR_KEY}`);
    expect(own.body.value).toMatchObject({ result: 'CHECKED_IN', ticket: { uuid: regatta } });
    expect((await checkIns(regatta))[0]!.metadata.actor).toBe('organizer:harbour');
  });

  it('answers 401 without a key or with an unknown one, and 422 for a body without a code', async () => {
    const ticket = await buy('meetup');
    const code = await codeOf('meetup', ticket);
    for (const authorization of [null, 'ApiKey not-a-configured-key-0000', `Bearer ${ACME_KEY}`]) {
      const answer = await scan('meetup', { code }, authorization);
      expect(answer.status).toBe(401);
    }
    for (const body of [{}, { code: 42 }, { code: '' }, { code: '   ' }, { code: 'x'.repeat(600) }]) {
      const answer = await scan('meetup', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body).toMatchObject({ success: false, validationErrors: [{ fieldName: 'code' }] });
    }
    expect(await checkIns(ticket)).toHaveLength(0);
  });
});
