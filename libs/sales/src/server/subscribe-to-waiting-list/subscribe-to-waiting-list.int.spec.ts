import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, EventToAppend } from '@ticketing/event-store';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import type { EventDetails, TicketCategory } from '@ticketing/catalog/contracts';
import { OfferReleasedSeatsCommand } from '../offer-released-seats/offer-released-seats.command.js';

const now = new Date();

/** An event whose categories are unbounded and share a total of `seats` (null: no cap). */
function eventStream(shortName: string, details: Partial<EventDetails>, categories: Partial<TicketCategory>[], seats: number | null): EventToAppend[] {
  const inEvent = <T extends object>(data: T) => ({ eventShortName: shortName, ...data });
  return [
    catalogEvent({
      type: 'EventPublished',
      data: { event: eventDetails({ shortName, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), waitingListEnabled: true, ...details }) },
    }),
    ...(seats === null ? [] : [catalogEvent({ type: 'TotalSeatsCapped', data: inEvent({ seats }) })]),
    ...categories.map((c, i) =>
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: i + 1, key: `c${i + 1}`, ordinal: i + 1, ...c }) }) }),
    ),
  ];
}

const form = (overrides: object = {}) => ({
  firstName: 'Anna',
  lastName: 'Rossi',
  email: 'anna@example.test',
  userLanguage: 'en',
  termAndConditionsAccepted: true,
  privacyPolicyAccepted: true,
  ...overrides,
});

describe('POST /api/v2/public/event/{shortName}/waiting-list/subscribe', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let store: EventStore;
  let galaReservation: string;

  const subscribe = async (shortName: string, body: object) => {
    const response = await app.inject({ method: 'POST', url: `/api/v2/public/event/${shortName}/waiting-list/subscribe`, headers, payload: body });
    return { status: response.statusCode, body: response.body ? response.json() : null, raw: response.body };
  };
  const reserveOne = async (shortName: string) => {
    const response = await app.inject({ method: 'POST', url: `/api/v2/public/event/${shortName}/reserve-tickets?lang=en`, headers, payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } });
    expect(response.statusCode).toBe(200);
    return response.json().value as string;
  };
  const categories = async (shortName: string) => (await app.inject({ method: 'GET', url: `/api/v2/public/event/${shortName}/ticket-categories` })).json();
  const joined = async (shortName: string) => (await store.readStream(`waiting-list-${shortName}`)).filter((e) => e.type === 'WaitingListJoined');

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    store = app.store;
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('event-gala', eventStream('gala', { privacyPolicyUrl: 'https://acme.test/privacy' }, [{}, { key: 'reduced' }], 1));
    await app.given('event-solo', eventStream('solo', { privacyPolicyUrl: null }, [{}], 1));
    await app.given('event-open', eventStream('open', {}, [{}], null));
    await app.given('event-later', eventStream('later', { preRegistrationEnabled: true }, [{ sale: { start: localDaysFrom(now, 10, '09:00:00'), end: null } }], null));
    // sold out: the only seat of each capped event is reserved
    galaReservation = await reserveOne('gala');
    await reserveOne('solo');
  });
  afterAll(() => app.close());

  it('answers 404 with an empty body for an unknown event', async () => {
    const unknown = await subscribe('nope', form());
    expect(unknown.status).toBe(404);
    expect(unknown.raw).toBe('');
  });

  it('reports every missing field with the codes and field names of the reference', async () => {
    const empty = await subscribe('gala', {});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      errorCount: 6,
      value: null,
      warnings: [],
      validationErrors: [
        { fieldName: 'termAndConditionsAccepted', code: 'error.STEP_2_TERMS_CONDITIONS', arguments: null },
        { fieldName: 'privacyPolicyAccepted', code: 'error.STEP_2_TERMS_CONDITIONS', arguments: null },
        { fieldName: 'firstName', code: 'error.firstname', arguments: null },
        { fieldName: 'lastName', code: 'lastname.fullname', arguments: null },
        { fieldName: 'email', code: 'error.email', arguments: null },
        { fieldName: 'userLanguage', code: 'error.userLanguage', arguments: null },
      ],
    });
    expect(await joined('gala')).toEqual([]);
  });

  it('refuses names and e-mails over 255 characters, a malformed e-mail, a language and a category the event does not offer', async () => {
    const fields = async (body: object) => (await subscribe('gala', body)).body.validationErrors.map((e: { fieldName: string; code: string }) => [e.fieldName, e.code]);
    expect(await fields(form({ firstName: 'a'.repeat(256), lastName: 'b'.repeat(256), email: `${'c'.repeat(250)}@x.test` }))).toEqual([
      ['firstName', 'error.firstname'],
      ['lastName', 'error.lastname'],
      ['email', 'error.email'],
    ]);
    expect(await fields(form({ email: 'anna@', userLanguage: 'de', selectedCategory: 9 }))).toEqual([
      ['email', 'error.email'],
      ['userLanguage', 'error.userLanguage'],
      ['selectedCategory', 'error.restrictedValue'],
    ]);
    expect(await fields(form({ selectedCategory: 'one' }))).toEqual([['selectedCategory', 'error.invalidFormat']]);
    // with the longest names and e-mail allowed, the entry is taken
    const longest = await subscribe('gala', form({ firstName: 'a'.repeat(255), lastName: 'b'.repeat(255), email: `${'c'.repeat(248)}@x.test` }));
    expect(longest.body.value).toBe(true);
  });

  it('stores a subscriber: the contact as erasable personal data, one entry per e-mail and category', async () => {
    const categoriesView = await categories('gala');
    expect(categoriesView).toMatchObject({ waitingList: true, preSales: false });
    expect(categoriesView.ticketCategoriesForWaitingList.map((c: { id: number }) => c.id)).toEqual([1, 2]);

    const ok = await subscribe('gala', form({ selectedCategory: 2, userLanguage: 'it' }));
    expect(ok).toMatchObject({ status: 200, body: { success: true, errorCount: 0, validationErrors: [], value: true, warnings: [] } });
    const entry = (await joined('gala')).at(-1)!;
    expect(entry.data).toEqual({ ownerUserId: null, subscriberId: expect.any(String), eventShortName: 'gala', categoryId: 2, language: 'it', reason: 'SOLD_OUT' });
    expect(entry.personal).toMatchObject({ subjectId: `waiting-list-subscriber-${String(entry.data['subscriberId'])}`, data: { firstName: 'Anna', lastName: 'Rossi', email: 'anna@example.test' } });
    // read-your-writes: the offer job's table shows it once the call has returned
    const rows = await app.db.query('select status, category_id from sales_waiting_list where subscriber_id = $1', [entry.data['subscriberId']]);
    expect(rows.rows).toEqual([{ status: 'WAITING', category_id: 2 }]);

    // the same e-mail, whatever its case, for the same category: 200 false, nothing stored
    const before = (await joined('gala')).length;
    expect((await subscribe('gala', form({ selectedCategory: 2, email: ' ANNA@Example.test ' }))).body).toMatchObject({ success: true, value: false });
    expect(await joined('gala')).toHaveLength(before);
    // another category is another entry; so is "any category"
    expect((await subscribe('gala', form({ selectedCategory: 1 }))).body.value).toBe(true);
    expect((await subscribe('gala', form())).body.value).toBe(true);
    expect((await subscribe('gala', form())).body.value).toBe(false);

    // erasing the subject forgets the contact; the e-mail may then join again
    await store.forgetSubject(entry.personal!.subjectId);
    const erased = (await store.readStream('waiting-list-gala')).find((e) => e.id === entry.id)!;
    expect(erased.personal).toMatchObject({ data: null, erased: true });
    expect(erased.data).toEqual(entry.data);
    expect((await subscribe('gala', form({ selectedCategory: 2 }))).body.value).toBe(true);
  });

  it('takes the category as alf.io\'s Angular form sends it: a number, its digits, or the empty option for none', async () => {
    // alf.io frontend/projects/public/src/app/event-display/event-display.component.html: the category <select> starts on
    // <option value=""> and binds the categories with [ngValue]; other clients send the id as text
    const sent = async (selectedCategory: unknown, email: string) => {
      expect((await subscribe('gala', form({ selectedCategory, email }))).body.value).toBe(true);
      return (await joined('gala')).at(-1)!.data['categoryId'];
    };
    expect(await sent('2', 'text@example.test')).toBe(2);
    expect(await sent('', 'empty@example.test')).toBeNull();
    expect((await subscribe('gala', form({ selectedCategory: '2.5' }))).body.validationErrors).toEqual([
      { fieldName: 'selectedCategory', code: 'error.invalidFormat', arguments: null },
    ]);
  });

  it('takes one entry per e-mail even when the same form arrives many times at once', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => subscribe('gala', form({ email: 'rush@example.test' }))));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results.filter((r) => r.body.value === true)).toHaveLength(1);
    expect((await joined('gala')).filter((e) => e.personal?.data?.['email'] === 'rush@example.test')).toHaveLength(1);
  });

  it('takes the only category offered, and asks for privacy acceptance only when the event has a policy', async () => {
    const ok = await subscribe('solo', form({ privacyPolicyAccepted: false, selectedCategory: 7 }));
    expect(ok.body.value).toBe(true);
    expect((await joined('solo'))[0]!.data).toMatchObject({ categoryId: 1, reason: 'SOLD_OUT' });
  });

  it('takes pre-registrations before sales start, and nothing while tickets are on sale', async () => {
    expect(await categories('later')).toMatchObject({ waitingList: true, preSales: true });
    expect((await subscribe('later', form())).body.value).toBe(true);
    expect((await joined('later'))[0]!.data).toMatchObject({ reason: 'PRE_SALES' });

    const open = await subscribe('open', form());
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ success: true, value: false });
    expect(await joined('open')).toEqual([]);
    // form errors are still reported there
    expect((await subscribe('open', form({ email: 'x' }))).status).toBe(422);
  });

  it('offers no seat while mail is disabled (no SMTP_URL): the seat stays on sale', async () => {
    const cancel = await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${galaReservation}`, headers });
    expect(cancel.json()).toBe(true);
    expect(await app.app.get(CommandBus).execute(new OfferReleasedSeatsCommand())).toEqual({ offered: 0 });
    expect((await categories('gala')).ticketCategories[0].maximumSaleableTickets).toBe(1);
    expect((await store.readStream('waiting-list-gala')).filter((e) => e.type === 'WaitingListOffered')).toEqual([]);
  });
});
