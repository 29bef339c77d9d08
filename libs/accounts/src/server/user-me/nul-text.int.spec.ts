import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@ticketing/testing/app';
import { anonymous, MEETUP, signedIn, startAccountsApp, type Answer, type Visitor } from './account.fixtures.js';

/**
 * A NUL character is text no PostgreSQL text or jsonb value can hold. Taken into an event, it stopped for good every
 * projection that copies it into a read model (tickets, users and their sessions, my orders): so every door that
 * takes free text refuses it, 422 on the field, before anything is appended (robustness audit, session 16).
 */
describe('text with a NUL character, refused at every door', () => {
  let app: TestApp;
  let stop: () => Promise<void>;
  let ada: Visitor;
  const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

  beforeAll(async () => {
    ({ app, stop } = await startAccountsApp());
    ada = await signedIn(app, 'ada@example.org', 'lovelace');
  });
  afterAll(() => stop?.());

  const fields = (answer: Answer) => (answer.body?.validationErrors ?? []).map((e: { fieldName: string; code: string }) => `${e.fieldName}:${e.code}`);

  /** The call's answer, after checking that it appended nothing to the log. */
  async function appendsNothing(call: () => Promise<Answer>): Promise<Answer> {
    const before = await app.store.headPosition();
    const answer = await call();
    expect(await app.store.headPosition()).toBe(before);
    return answer;
  }

  async function ticketsOf(visitor: Visitor, reservationId: string): Promise<string[]> {
    const info = (await visitor.call('GET', `/reservation/${reservationId}`)).body;
    return (info.ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets.map((t) => t.uuid));
  }

  it('refuses contact and attendee names at the booking step, 422 on the field', async () => {
    const buyer = await anonymous(app);
    const id = await buyer.reserveTickets();
    const [ticket] = await ticketsOf(buyer, id);
    const attendee = { ...contact, additional: {} };
    const contactNul = await appendsNothing(() => buyer.call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, firstName: 'Ada\u0000', tickets: { [ticket!]: attendee } }));
    expect(contactNul.status).toBe(422);
    expect(fields(contactNul)).toEqual(['firstName:error.invalidFormat']);
    const attendeeNul = await appendsNothing(() =>
      buyer.call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, tickets: { [ticket!]: { ...attendee, lastName: 'Love\u0000lace' } } }),
    );
    expect(attendeeNul.status).toBe(422);
    expect(fields(attendeeNul)).toEqual([`tickets[${ticket}].lastName:error.invalidFormat`]);
    const answerNul = await appendsNothing(() =>
      buyer.call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, tickets: { [ticket!]: { ...attendee, additional: { 'diet\u0000': ['none'] } } } }),
    );
    expect(answerNul.status).toBe(422);
    expect(fields(answerNul)).toEqual([`tickets[${ticket}].additional:error.invalidFormat`]);
  });

  it('refuses a new ticket holder with a NUL, and the tickets read model still follows later changes', async () => {
    const buyer = await anonymous(app);
    const id = await buyer.reserveTickets();
    const [ticket] = await ticketsOf(buyer, id);
    await buyer.complete(id, contact);
    const put = (firstName: string) =>
      app.inject({ method: 'PUT', url: `/api/v2/public/event/${MEETUP}/ticket/${ticket}`, headers: buyer.headers, payload: { firstName, lastName: 'Hopper', email: 'grace@example.org', additional: {} } });
    const refused = await appendsNothing(async () => {
      const response = await put('Grace\u0000');
      return { status: response.statusCode, headers: response.headers, text: response.body, body: response.json() };
    });
    expect(refused.status).toBe(422);
    expect(fields(refused)).toEqual(['firstName:error.invalidFormat']);
    expect((await put('Grace')).statusCode).toBe(200);
    const shown = (await buyer.call('GET', `/reservation/${id}`)).body;
    expect(shown.ticketsByCategory[0].tickets[0]).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('refuses a profile with a NUL, and sign-ins still land afterwards', async () => {
    const refused = await appendsNothing(() => ada.call('POST', '/user/me', { firstName: 'Ada', lastName: 'Love\u0000lace', additionalInfo: {} }));
    expect(refused.status).toBe(422);
    expect(fields(refused)).toEqual(['lastName:error.invalidFormat']);
    const again = await signedIn(app, 'ada@example.org', 'lovelace');
    expect((await again.call('GET', '/user/me')).status).toBe(200);
  });

  it('refuses reservation metadata with a NUL for its sender only: buyers reserving at the same moment get their seats', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => anonymous(app)));
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        buyer.call('POST', `/event/${MEETUP}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1, ...(i === 3 ? { metadata: [{ note: 'a\u0000b' }] } : {}) }] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 422, 200, 200, 200, 200]);
    expect(fields(answers[3]!)).toEqual(['reservation[0].metadata[0].note:error.invalidFormat']);
  });
});
