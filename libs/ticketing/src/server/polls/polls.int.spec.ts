import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
import { catalogEvent, eventDetails, localDaysFrom, organizer, poll, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { pollPinOf } from '@ticketing/ticketing/contracts';
import { POLL_RESULTS_TABLE } from './poll-answers.projection.js';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

const metadata = { correlationId: 'test', causationId: 'test', occurredAt: '2026-06-01T10:00:00.000Z', actor: 'system:test' };
const inEvent = <T extends object>(data: T) => ({ eventShortName: 'meetup', ...data });

/** Tickets of the meetup, appended to their streams as sales and the check-in append them. */
const issued = (ticketId: string, eventShortName = 'meetup'): EventToAppend => ({
  type: 'TicketIssued',
  data: { ticketId, reservationId: '0b6b6c1e-4f0e-4d8a-9d1e-6d4f2f3b9a10', eventShortName, categoryId: 1, status: 'ACQUIRED', subjectId: `reservation-${ticketId}` },
  metadata,
});
const checkedIn = (ticketId: string, eventShortName = 'meetup'): EventToAppend => ({ type: 'TicketCheckedIn', data: { ticketId, eventShortName, channel: 'ONLINE' }, metadata });

// Ada and Bob are checked in; Carl's ticket is not. Dan and Eve's uuids share their first 30 bits (one PIN).
const ada = '1c0ffee0-0000-4000-8000-000000000001';
const bob = '2b0b0b00-0000-4000-8000-000000000002';
const carl = '3ca71000-0000-4000-8000-000000000003';
const dan = '4d4d4d40-0000-4000-8000-000000000004';
const eve = '4d4d4d43-ffff-4000-8000-000000000005';
// checked in, but at another event: its PIN names nobody at the meetup
const otherEvent = '5e5e5e50-0000-4000-8000-000000000006';

describe('attendee polls (reference 49-51)', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const refusal = (fieldName: string, code: string) => ({
    success: false,
    errorCount: 1,
    validationErrors: [{ fieldName, code, arguments: null }],
    value: null,
    warnings: [],
  });
  const results = async (pollId: number) => {
    const { rows } = await app.db.query<{ option_id: number; votes: number }>(
      `select option_id, votes from ${POLL_RESULTS_TABLE} where short_name = 'meetup' and poll_id = $1 and votes > 0 order by option_id`,
      [pollId],
    );
    return Object.fromEntries(rows.map((r) => [r.option_id, r.votes]));
  };

  beforeAll(async () => {
    app = await startTestApp();
    headers = await app.session();
    const start = localDaysFrom(new Date(), 1);
    const end = localDaysFrom(new Date(), 1, '23:00:00');
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    for (const shortName of ['meetup', 'other']) {
      await app.given(`event-${shortName}`, [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, start, end, allowedPaymentProxies: [] }) } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'free', price: 0 }) } }),
      ]);
    }
    await app.given('event-meetup', [
      catalogEvent({ type: 'PollAdded', data: inEvent({ poll: poll({ id: 1, order: 2 }) }) }),
      catalogEvent({ type: 'PollAdded', data: inEvent({ poll: poll({ id: 2, status: 'DRAFT' }) }) }),
      catalogEvent({ type: 'PollAdded', data: inEvent({ poll: poll({ id: 3, status: 'CLOSED' }) }) }),
      catalogEvent({ type: 'PollAdded', data: inEvent({ poll: poll({ id: 4, order: 1, title: { en: 'Lunch?' } }) }) }),
      catalogEvent({ type: 'PollAdded', data: inEvent({ poll: poll({ id: 5, allowedTags: ['speakers'] }) }) }),
    ]);
    for (const ticket of [ada, bob, dan, eve]) await app.given(`ticket-${ticket}`, [issued(ticket), checkedIn(ticket)]);
    await app.given(`ticket-${carl}`, [issued(carl)]);
    await app.given(`ticket-${otherEvent}`, [issued(otherEvent, 'other'), checkedIn(otherEvent, 'other')]);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('lists the OPEN polls (not DRAFT, CLOSED or restricted to tags no ticket carries) to a checked-in attendee, in order', async () => {
    const answer = await call('GET', `/event/meetup/poll?pin=${pollPinOf(ada)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, errorCount: 0, validationErrors: [], warnings: [] });
    expect(answer.body.value.map((p: { id: number }) => p.id)).toEqual([4, 1]);
    expect(answer.body.value[1]).toEqual({
      id: 1,
      status: 'OPEN',
      title: { en: 'Next talk?', it: 'Prossimo talk?' },
      description: { en: 'Choose one.' },
      allowedTags: [],
      order: 2,
      eventId: expect.any(Number),
      organizationId: expect.any(Number),
    });
  });

  it('takes the PIN in lower case, with spaces and dashes, look-alikes for their symbols', async () => {
    const pin = pollPinOf(bob);
    const typed = `${pin.slice(0, 3).toLowerCase()} - ${pin.slice(3)}`.replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await call('GET', `/event/meetup/poll?pin=${encodeURIComponent(typed)}`)).body.value).toHaveLength(2);
  });

  it('refuses a PIN of no checked-in ticket of the event (pin.invalid), a shared one (pin.duplicate), an unknown event (not_found)', async () => {
    expect(await call('GET', `/event/meetup/poll?pin=${pollPinOf(carl)}`)).toEqual({ status: 422, body: refusal('pin', 'pin.invalid') });
    expect(await call('GET', `/event/meetup/poll?pin=${pollPinOf(otherEvent)}`)).toEqual({ status: 422, body: refusal('pin', 'pin.invalid') });
    expect(await call('GET', '/event/meetup/poll?pin=U2345')).toEqual({ status: 422, body: refusal('pin', 'pin.invalid') });
    expect(pollPinOf(dan)).toBe(pollPinOf(eve));
    expect(await call('GET', `/event/meetup/poll?pin=${pollPinOf(dan)}`)).toEqual({ status: 422, body: refusal('pin', 'pin.duplicate') });
    expect(await call('GET', `/event/nowhere/poll?pin=${pollPinOf(ada)}`)).toEqual({ status: 422, body: refusal('pin', 'not_found') });
  });

  it('shows one open poll with its options; a DRAFT, CLOSED, tag-restricted or unknown one is not_found', async () => {
    const pin = pollPinOf(ada);
    const answer = await call('GET', `/event/meetup/poll/1?pin=${pin}`);
    expect(answer.status).toBe(200);
    expect(answer.body.value.poll).toMatchObject({ id: 1, status: 'OPEN' });
    expect(answer.body.value.options).toEqual([
      { id: 1, pollId: 1, title: { en: 'Rust', it: 'Rust' }, description: {} },
      { id: 2, pollId: 1, title: { en: 'Go', it: 'Go' }, description: { en: 'The gopher.' } },
    ]);
    for (const pollId of [2, 3, 5, 99]) expect(await call('GET', `/event/meetup/poll/${pollId}?pin=${pin}`)).toEqual({ status: 422, body: refusal('pin', 'not_found') });
    expect(await call('GET', `/event/meetup/poll/1?pin=${pollPinOf(carl)}`)).toEqual({ status: 422, body: refusal('pin', 'pin.invalid') });
  });

  it('counts an answer; a second answer of the same ticket replaces the first', async () => {
    expect(await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(ada), optionId: 1 })).toEqual({
      status: 200,
      body: { success: true, errorCount: 0, validationErrors: [], value: true, warnings: [] },
    });
    expect((await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(bob), optionId: '1' })).status).toBe(200);
    expect(await results(1)).toEqual({ 1: 2 });
    expect((await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(ada), optionId: 2 })).status).toBe(200);
    expect(await results(1)).toEqual({ 1: 1, 2: 1 });
    expect((await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(ada), optionId: 2 })).status).toBe(200);
    expect(await results(1)).toEqual({ 1: 1, 2: 1 });
    expect(await results(4)).toEqual({});
  });

  it('refuses an answer to a CLOSED or DRAFT poll, with a bad PIN, or of an option not of the poll', async () => {
    expect(await call('POST', '/event/meetup/poll/3/answer', { pin: pollPinOf(ada), optionId: 1 })).toEqual({ status: 422, body: refusal('pin', 'not_found') });
    expect(await call('POST', '/event/meetup/poll/2/answer', { pin: pollPinOf(ada), optionId: 1 })).toEqual({ status: 422, body: refusal('pin', 'not_found') });
    expect(await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(carl), optionId: 1 })).toEqual({ status: 422, body: refusal('pin', 'pin.invalid') });
    expect(await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(ada), optionId: 3 })).toEqual({ status: 422, body: refusal('optionId', 'not_found') });
    expect(await results(3)).toEqual({});
    expect(await results(1)).toEqual({ 1: 1, 2: 1 });
  });

  it('answers a malformed call 422 with validationErrors, never 5xx', async () => {
    const noOption = await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(ada) });
    expect(noOption.status).toBe(422);
    expect(noOption.body).toMatchObject({ success: false, value: null });
    expect(noOption.body.validationErrors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['optionId']);
    const badOption = await call('POST', '/event/meetup/poll/1/answer', { pin: pollPinOf(ada), optionId: 'one' });
    expect(badOption.status).toBe(422);
    expect(badOption.body.validationErrors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['optionId']);
    const noPin = await call('GET', '/event/meetup/poll');
    expect(noPin.status).toBe(422);
    expect(noPin.body.validationErrors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['pin']);
    expect((await call('GET', `/event/meetup/poll/abc?pin=${pollPinOf(ada)}`)).status).toBe(422);
    expect((await call('GET', `/event/meetup/poll/99999999999?pin=${pollPinOf(ada)}`)).status).toBe(422);
  });
});
