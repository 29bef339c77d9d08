import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import {
  additionalService,
  catalogEvent,
  eventDetails,
  localDaysFrom,
  organizer,
  promoCode,
  ticketCategory,
} from '@ticketing/testing/catalog-events';
import { reservationOpening, startTestApp, type TestApp } from '@ticketing/testing/app';
import { ExpireReservationsCommand } from '../expire-reservations/expire-reservations.command.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';

const now = new Date();
const e = 'concert';
const inEvent = <T extends object>(data: T) => ({ eventShortName: e, ...data });

describe('POST /api/v2/public/event/{shortName}/reserve-tickets', () => {
  let app: TestApp;
  let headers: Record<string, string>;

  const reserve = async (body: object, shortName = e) => {
    const response = await app.inject({ method: 'POST', url: `/api/v2/public/event/${shortName}/reserve-tickets?lang=en`, headers, payload: body });
    return { status: response.statusCode, body: response.body ? response.json() : null, headers: response.headers };
  };
  const codes = (body: { validationErrors: { code: string }[] }) => body.validationErrors.map((v) => v.code);
  const categories = async (code?: string) =>
    (await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}/ticket-categories${code ? `?code=${code}` : ''}` })).json();
  const category = async (id: number) => (await categories()).ticketCategories.find((c: { id: number }) => c.id === id);

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given(`event-${e}`, [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: e, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), vatPercentage: 10, vatIncluded: true }) },
      }),
      ...[
        { type: 'CapacityDefined', data: inEvent({ capacity: { id: 1, key: 'hall', name: 'Hall', size: 3 } }) },
        { type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 1, key: 'regular', price: 2000, capacityId: 1, maxPerReservation: 3 }) }) },
        { type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 2, key: 'vip', price: 5000, capacityId: 1, accessRestricted: true }) }) },
        {
          type: 'TicketCategoryAdded',
          data: inEvent({ category: ticketCategory({ id: 3, key: 'late', price: 1500, sale: { start: localDaysFrom(now, 10, '09:00:00'), end: null } }) }),
        },
        { type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 4, key: 'friends', price: 0, accessRestricted: true, code: 'FRIEND' }) }) },
        { type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: 1, key: 'lunch', supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET', price: 1000, maxQtyPerOrder: 1 }) }) },
        { type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: 2, key: 'gift', type: 'DONATION', supplementPolicy: null, fixPrice: false, price: 0, vatType: 'NONE' }) }) },
        { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'SAVE10', discountType: 'PERCENTAGE', discountAmount: 10 }) }) },
        { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'VIPCODE', type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [2] }) }) },
        { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'ONCE', discountType: 'FIXED_AMOUNT', discountAmount: 100, maxUsage: 1 }) }) },
      ].map((m) => catalogEvent(m as Parameters<typeof catalogEvent>[0])),
    ]);
  });
  afterAll(() => app.close());

  it('refuses an empty selection, over the maximum, unknown and not-yet-on-sale categories, in the reference order', async () => {
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 1, amount: 0 }] })).body)).toEqual(['error.STEP_1_SELECT_AT_LEAST_ONE']);
    const over = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 4 }] });
    expect(over.status).toBe(422);
    expect(over.body.validationErrors).toEqual([{ fieldName: 'reservationForm', code: 'error.STEP_1_OVER_MAXIMUM', arguments: { '0': 3 } }]);
    expect(over.headers['access-control-allow-origin']).toBe('*');
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 99, amount: 1 }] })).body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 3, amount: 1 }] })).body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 2, amount: 1 }] })).body)).toEqual(['error.STEP_1_ACCESS_RESTRICTED']);
    expect(codes((await reserve({ promoCode: 'NOPE', reservation: [{ ticketCategoryId: 1, amount: 1 }] })).body)).toEqual(['error.STEP_1_CODE_NOT_FOUND']);
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 1, quantity: 2 }] })).body)).toEqual([
      'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE',
    ]);
    expect((await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] }, 'nope')).status).toBe(404);
    // the form's schema refuses these before the controller runs: the same CORS header on their 422 (reference 1.4)
    for (const form of [{ reservation: 'x' }, { reservation: [{ ticketCategoryId: 1, quantity: -1 }] }, { promoCode: 'x'.repeat(256), reservation: [{ ticketCategoryId: 1, amount: 1 }] }]) {
      const refused = await reserve(form);
      expect([refused.status, refused.headers['access-control-allow-origin']], JSON.stringify(form)).toEqual([422, '*']);
    }
    // nothing of it held a seat
    expect((await category(1)).maximumSaleableTickets).toBe(3);
  });

  it('holds seats, records the reservation with its prices, and gives the seats back on cancel', async () => {
    const ok = await reserve({ promoCode: 'SAVE10', reservation: [{ ticketCategoryId: 1, amount: 2 }], additionalService: [{ additionalServiceId: 2, quantity: 1, amount: '5.50' }] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, errorCount: 0, validationErrors: [] });
    const id = ok.body.value as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // read-your-writes: the next read sees the held seats and the pending flag
    const held = await category(1);
    expect(held.maximumSaleableTickets).toBe(1);
    expect(held.containsPendingTickets).toBe(true);

    const store = app.store;
    // one event per hold: the hold carries the reservation's opening; its own stream waits for the buyer's first change
    const opened = await reservationOpening(store, id);
    expect(opened!.event.type).toBe('SeatsHeld');
    expect(await store.readStream(`reservation-${id}`)).toEqual([]);
    const data = opened!.data as { tickets: unknown[]; price: { totals: { priceWithVat: number } }; validUntil: string; additionalServices: { amount: number | null }[] };
    expect(data.tickets).toHaveLength(2);
    expect(data.additionalServices).toEqual([{ serviceId: 2, quantity: 1, amount: 550, mandatory: false }]);
    // 2 x 20.00 - 10% = 36.00, plus a 5.50 donation
    expect(data.price.totals.priceWithVat).toBe(4150);
    expect(Date.parse(data.validUntil) - Date.parse(opened!.event.metadata.occurredAt)).toBe(25 * 60_000);
    const inventory = await store.readStream(`inventory-${e}`);
    expect(inventory.at(-1)!.data).toMatchObject({ reservationId: id, tickets: [{ categoryId: 1, quantity: 2 }], expiresAt: data.validUntil });

    const cancel = await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toBe(true);
    expect((await category(1)).maximumSaleableTickets).toBe(3);
    // the cancel recorded the opening first: the reservation's stream tells its whole story from then on
    expect((await store.readStream(`reservation-${id}`)).map((e) => [e.type, e.data.reservationId])).toEqual([
      ['ReservationOpened', id],
      ['ReservationCancelled', id],
    ]);
    expect((await store.readStream(`reservation-${id}`))[0]!.data).toEqual(opened!.data);
    // cancelling again, or an unknown reservation: still true, nothing appended
    const before = (await store.readStream(`reservation-${id}`)).length;
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers })).json()).toBe(true);
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${crypto.randomUUID()}`, headers })).json()).toBe(true);
    expect(await store.readStream(`reservation-${id}`)).toHaveLength(before);
  });

  it('reads a donation digit by digit, rounded half up to the currency, and answers 422 to what is no amount', async () => {
    const donate = (amount: unknown) =>
      reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 2, quantity: 1, amount }] });
    const donationRow = async (id: string) => {
      const view = (await app.inject({ method: 'GET', url: `/api/v2/public/reservation/${id}`, headers })).json();
      return view.orderSummary.summary.find((row: { type: string }) => row.type === 'ADDITIONAL_SERVICE');
    };
    const cancel = (id: string) => app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers });
    // CHF 1.005 is 1.01 (Math.round(Number('1.005') * 100) made it 1.00); a JSON number is read as it prints
    for (const [amount, price] of [['1.005', '1.01'], ['0.125', '0.13'], [12.5, '12.50'], ['007', '7.00']] as const) {
      const ok = await donate(amount);
      expect(ok.status, String(amount)).toBe(200);
      const row = await donationRow(ok.body.value);
      await cancel(ok.body.value);
      expect(row).toMatchObject({ price, subTotal: price });
    }
    const malformed = [{ fieldName: 'additionalService[0].amount', code: 'error.invalidFormat', arguments: null }];
    for (const amount of ['-1', '+1', '1e3', ' ', '', '1,000', "1'000", '12.', '.5', 'NaN', '12345678901234567', -5, 1e21, 5e-7]) {
      const refused = await donate(amount);
      expect(refused.status, JSON.stringify(amount)).toBe(422);
      expect(refused.body.validationErrors, JSON.stringify(amount)).toEqual(malformed);
    }
    // the grammar holds, but 10^16 - 1 francs are more centimes than a safe integer: refused by the command, still a 422
    const huge = await donate('9999999999999999');
    expect([huge.status, huge.body.validationErrors]).toEqual([422, malformed]);
    expect((await category(1)).maximumSaleableTickets).toBe(3);
  });

  it('takes the quantities and ids alf.io takes as text, and still refuses what is no number', async () => {
    // alf.io's Angular client, as it posts its event page (alf.io-public-frontend src/app/event-display/event-display.component.ts,
    // submitForm): the ticket quantity <select> is bound with [value] (ticket-quantity-selector.html), so a chosen
    // quantity arrives as text and an untouched one as the form's initial 0; supplement quantities as their form has them
    const angular = {
      reservation: [
        { ticketCategoryId: 1, amount: '2' },
        { ticketCategoryId: 3, amount: 0 },
      ],
      additionalService: [{ additionalServiceId: '1', quantity: '1' }],
      captcha: null,
      promoCode: null,
    };
    const ok = await reserve(angular);
    expect(ok.status).toBe(200);
    const opened = await reservationOpening(app.store, ok.body.value);
    expect(opened!.data).toMatchObject({ tickets: [{ categoryId: 1 }, { categoryId: 1 }], additionalServices: [{ serviceId: 1, quantity: 1, amount: null, mandatory: false }] });
    await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${ok.body.value}`, headers });

    // a string of digits out of bounds is refused as the number would be; a string that is no integer as before
    const over = await reserve({ reservation: [{ ticketCategoryId: 1, amount: '1001' }] });
    expect([over.status, over.body.validationErrors]).toEqual([422, [{ fieldName: 'reservation[0].amount', code: 'error.tooLong', arguments: { '0': 1000 } }]]);
    for (const amount of ['one', '1.5', '', true]) {
      const refused = await reserve({ reservation: [{ ticketCategoryId: 1, amount }] });
      expect([refused.status, refused.body.validationErrors], JSON.stringify(amount)).toEqual([
        422,
        [{ fieldName: 'reservation[0].amount', code: 'error.invalidFormat', arguments: null }],
      ]);
    }
    const noCategory = await reserve({ reservation: [{ ticketCategoryId: null, amount: '1' }] });
    expect(noCategory.body.validationErrors).toEqual([{ fieldName: 'reservation[0].ticketCategoryId', code: 'error.emptyField', arguments: null }]);
    expect((await category(1)).maximumSaleableTickets).toBe(3);
  });

  it('never sells more than the shared capacity, and a code past its uses is refused', async () => {
    expect((await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] })).status).toBe(200);
    // more seats than the hall has left (reference step 7)
    const tooMany = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 3 }] });
    expect([tooMany.status, codes(tooMany.body)]).toEqual([422, ['error.STEP_1_NOT_ENOUGH_TICKETS']]);
    const results = await Promise.all(Array.from({ length: 8 }, () => reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    // each refused once the hall was full: sold out, so not saleable (reference step 6)
    for (const refused of results.filter((r) => r.status !== 200)) expect(codes(refused.body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    // the restricted category shares the hall: sold out too
    expect(codes((await reserve({ promoCode: 'VIPCODE', reservation: [{ ticketCategoryId: 2, amount: 1 }] })).body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    // sold out is checked before access (refused with ACCESS_RESTRICTED while seats were left, first test) and said
    // beside an unknown code (CODE_NOT_FOUND alone then), as the reference's order has it
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 2, amount: 1 }] })).body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    expect(codes((await reserve({ promoCode: 'NOPE', reservation: [{ ticketCategoryId: 1, amount: 1 }] })).body)).toEqual([
      'error.STEP_1_CODE_NOT_FOUND',
      'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE',
    ]);

    await app.settle(); // the sweeper reads the reservations read model, which the runner keeps
    const expired = await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 26 * 60_000)));
    expect(expired.expired).toBe(3);
    expect((await category(1)).maximumSaleableTickets).toBe(3);
    expect((await category(1)).containsPendingTickets).toBe(false);
    // the same request as the one refused above is sold a seat now: that refusal was the full hall's
    const vip = await reserve({ promoCode: 'VIPCODE', reservation: [{ ticketCategoryId: 2, amount: 1 }] });
    expect(vip.status).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${vip.body.value}`, headers })).json()).toBe(true);

    expect((await reserve({ promoCode: 'ONCE', reservation: [{ ticketCategoryId: 1, amount: 1 }] })).status).toBe(200);
    expect(codes((await reserve({ promoCode: 'ONCE', reservation: [{ ticketCategoryId: 1, amount: 1 }] })).body)).toEqual(['error.STEP2_DISCOUNT_CODE_USAGE_EXCEEDED']);
  });

  it('follows code links: a promo code opens the event with it, a category code reserves one ticket of its category', async () => {
    const open = (path: string, userAgent = 'Mozilla/5.0') => app.inject({ method: 'GET', url: path, headers: { 'user-agent': userAgent, 'accept-language': 'it-CH,de;q=0.8' } });
    const promo = await open(`/api/v2/public/event/${e}/code/SAVE10`);
    expect([promo.statusCode, promo.headers.location]).toEqual([307, `/event/${e}?code=SAVE10`]);
    const unknown = await open(`/api/v2/public/event/${e}/code/NOPE`);
    expect([unknown.statusCode, unknown.headers.location]).toEqual([307, `/event/${e}?errors=error.STEP_1_CODE_NOT_FOUND`]);
    expect((await open(`/api/v2/public/event/unknown/code/SAVE10`)).headers.location).toBe('/');

    const friend = await open(`/api/v2/public/event/${e}/code/FRIEND`);
    expect(friend.statusCode).toBe(307);
    const [, reservationId] = /^\/event\/concert\/reservation\/([0-9a-f-]{36})\/book$/.exec(String(friend.headers.location)) ?? [];
    expect(reservationId).toBeDefined();
    const opened = await reservationOpening(app.store, reservationId!);
    expect(opened!.data).toMatchObject({ tickets: [{ categoryId: 4 }], language: 'it' });

    const short = await open(`/e/${e}/c/FRIEND`);
    expect([short.statusCode, short.headers.location]).toEqual([302, `/api/v2/public/event/${e}/code/FRIEND`]);
    expect((await open(`/event/${e}/code/FRIEND`, 'facebookexternalhit/1.1')).headers.location).toBe(`/event/${e}`);
    expect((await open(`/e/${e}`)).headers.location).toBe(`/event/${e}`);
  });

  it('answers refusals after a sell-out from what the inventory just refused, and sells a seat that came back at once', async () => {
    const ids: string[] = [];
    // the first refusal the inventory decided (through the handler)
    let decided: Awaited<ReturnType<typeof reserve>> | undefined;
    for (let i = 0; i < 4; i++) {
      const answer = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] });
      if (answer.status === 200) ids.push(answer.body.value as string);
      else decided ??= answer;
    }
    expect(ids.length).toBeGreaterThan(0);
    // refused until the refusal is remembered (the append notifications are listened to from the first refusal on)
    const desk = app.app.get(InventoryDesk);
    for (let i = 0; i < 100 && !desk.knownSoldOut(e, [{ categoryId: 1, quantity: 1 }]); i++) {
      expect(codes((await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] })).body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(desk.knownSoldOut(e, [{ categoryId: 1, quantity: 1 }])).toBe('error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE');
    // answered on the route (installSoldOutAnswers) with what the handler answers: same status, body and headers
    const refused = await reserve({ reservation: [{ ticketCategoryId: '1', amount: '1' }] });
    expect([refused.status, refused.body]).toEqual([422, decided!.body]);
    expect(refused.body).toEqual({ success: false, errorCount: 1, validationErrors: [{ fieldName: 'reservationForm', code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE', arguments: null }], value: null, warnings: [] });
    for (const header of ['access-control-allow-origin', 'content-type', 'content-security-policy']) expect(refused.headers[header]).toBe(decided!.headers[header]);
    // what the schema refuses is still refused as such, and a request with no token is still forbidden
    expect(codes((await reserve({ reservation: [{ ticketCategoryId: 1, amount: -1 }] })).body)).not.toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    expect((await app.inject({ method: 'POST', url: `/api/v2/public/event/${e}/reserve-tickets?lang=en`, payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } })).statusCode).toBe(403);
    // a code can open what the offer sells: it goes the usual way (and finds the hall full)
    expect(codes((await reserve({ promoCode: 'VIPCODE', reservation: [{ ticketCategoryId: 2, amount: 1 }] })).body)).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);

    // a cancellation gives a seat back: the very next reservation gets it
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${ids[0]}`, headers })).json()).toBe(true);
    expect(desk.knownSoldOut(e, [{ categoryId: 1, quantity: 1 }])).toBeNull();
    const again = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(again.status).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${again.body.value}`, headers })).json()).toBe(true);
    // and the code's request refused above is sold it as well: that refusal was the full hall's, not its code's
    const vip = await reserve({ promoCode: 'VIPCODE', reservation: [{ ticketCategoryId: 2, amount: 1 }] });
    expect(vip.status).toBe(200);
    // a seat for the next test
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${vip.body.value}`, headers })).json()).toBe(true);
  });

  // last: it stops the projection runner of the shared app
  it('answers and shows the hold without the projection runner: the append wrote the holds read model itself', async () => {
    await app.runner.stop();
    const before = await categories();
    const ok = await reserve({ reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(ok.status).toBe(200);
    const db = app.db;
    expect((await db.query('select status from sales_holds where reservation_id = $1', [ok.body.value])).rows).toEqual([{ status: 'HELD' }]);
    // the seats left, read right after the answer, count the hold (read-your-writes without the runner)
    const after = await categories();
    const left = (view: { ticketCategories: { id: number; maximumSaleableTickets: number }[] }) => view.ticketCategories.find((c) => c.id === 1)!.maximumSaleableTickets;
    expect(left(after)).toBe(left(before) - 1);
  });
});
