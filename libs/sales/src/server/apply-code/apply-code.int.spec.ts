import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { catalogEvent, eventDetails, localDaysFrom, organizer, subscriptionDescriptor, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { ExpireReservationsCommand } from '../expire-reservations/expire-reservations.command.js';
import { SALES_EVENT_STORE, SALES_OPTIONS } from '../tokens.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { RemoveCodeCommand, RemoveCodeHandler } from './apply-code.command.js';

const now = new Date();
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });
const passes = {
  /** two entries, any number per event, for jazz and blues */
  two: '7c000000-0000-4000-8000-000000000001',
  /** once per event, unlimited entries, for jazz and blues */
  oncePerEvent: '7c000000-0000-4000-8000-000000000002',
  /** its validity ended yesterday */
  expired: '7c000000-0000-4000-8000-000000000003',
  /** another organizer's, for its own event */
  beta: '7c000000-0000-4000-8000-000000000004',
  /** the gala's standard tickets only (category 1), not its VIP ones (2) */
  standardOnly: '7c000000-0000-4000-8000-000000000005',
  /** two entries, for folk (whose free tickets may be given back) */
  folk: '7c000000-0000-4000-8000-000000000006',
  /** valid from tomorrow, for jazz */
  later: '7c000000-0000-4000-8000-000000000007',
};
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

describe('paying tickets with a pass: apply-code and remove-code (reference 28, 29)', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;
  const complete = async (id: string, paymentProxy?: string) => {
    const tickets = ((await info(id)).ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets);
    const form = { ...ada, tickets: Object.fromEntries(tickets.map((t) => [t.uuid, { ...ada, additional: {} }])) };
    const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, form);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...(paymentProxy ? { paymentProxy } : {}) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  };
  const buyPass = async (descriptorId: string): Promise<{ id: string; pin: string }> => {
    const { body } = await call('POST', `/subscription/${descriptorId}`);
    await complete(body.value as string);
    const [pass] = (await info(body.value as string)).subscriptionInfos;
    return { id: pass.id, pin: pass.pin };
  };
  const reserveOf = async (shortName: string, reservation: { ticketCategoryId: number; amount: number }[]): Promise<string> => {
    const { status, body } = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as string;
  };
  const reserve = (shortName: string, amount: number) => reserveOf(shortName, [{ ticketCategoryId: 1, amount }]);
  const apply = (reservationId: string, code: string, extra: object = {}) =>
    call('POST', `/reservation/${reservationId}/apply-code`, { code, amount: 1, type: 'SUBSCRIPTION', ...extra });
  const refusalOf = async (reservationId: string, code: string, extra: object = {}) => {
    const { status, body } = await apply(reservationId, code, extra);
    expect(status).toBe(200);
    expect(body.value).toBe(false);
    return body.validationErrors.map((e: { code: string }) => e.code).join(',') || 'none';
  };
  const usedOf = async (passId: string) => (await app.store.readStream(`subscription-${passId}`)).map((e) => `${e.type}:${String(e.data['entries'] ?? '')}`);

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given('organizer-beta', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'beta', name: 'Beta' }) } })]);
    const start = localDaysFrom(now, 30);
    const end = localDaysFrom(now, 30, '23:00:00');
    for (const [shortName, organizerSlug, price] of [
      ['jazz', 'acme', 2500],
      ['blues', 'acme', 3000],
      ['opera', 'acme', 9000],
      ['rock', 'beta', 4000],
    ] as const) {
      await app.given(`event-${shortName}`, [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, organizerSlug, start, end, vatPercentage: 0, allowedPaymentProxies: ['OFFLINE'] }) } }),
        catalogEvent({ type: 'CapacityDefined', data: inEvent(shortName, { capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } }) }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent(shortName, { category: ticketCategory({ id: 1, key: 'regular', price, capacityId: 1 }) }) }),
      ]);
    }
    await app.given('event-folk', [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: 'folk', organizerSlug: 'acme', start, end, vatPercentage: 0, allowedPaymentProxies: ['OFFLINE'], allowFreeTicketsCancellation: true }) },
      }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('folk', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('folk', { category: ticketCategory({ id: 1, key: 'regular', price: 2500, capacityId: 1 }) }) }),
    ]);
    await app.given('event-gala', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'gala', organizerSlug: 'acme', start, end, vatPercentage: 0, allowedPaymentProxies: ['OFFLINE'] }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('gala', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('gala', { category: ticketCategory({ id: 1, key: 'standard', price: 3000, capacityId: 1 }) }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('gala', { category: ticketCategory({ id: 2, key: 'vip', price: 9000, capacityId: 1, ordinal: 1 }) }) }),
    ]);
    const free = { price: 0, allowedPaymentProxies: [], sale: { start: localDaysFrom(now, -10), end: null } };
    for (const descriptor of [
      subscriptionDescriptor({ ...free, id: passes.two, title: { en: 'Two concerts' }, usageType: 'UNLIMITED', maxEntries: 2, compatibleEventShortNames: ['jazz', 'blues'] }),
      subscriptionDescriptor({ ...free, id: passes.oncePerEvent, usageType: 'ONCE_PER_EVENT', maxEntries: null, compatibleEventShortNames: ['jazz', 'blues'] }),
      subscriptionDescriptor({
        ...free,
        id: passes.expired,
        validityType: 'CUSTOM',
        validityUnits: null,
        validityTimeUnit: null,
        validFrom: localDaysFrom(now, -5, '00:00:00'),
        validTo: localDaysFrom(now, -1, '00:00:00'),
        compatibleEventShortNames: ['jazz'],
      }),
      subscriptionDescriptor({
        ...free,
        id: passes.later,
        validityType: 'CUSTOM',
        validityUnits: null,
        validityTimeUnit: null,
        validFrom: localDaysFrom(now, 1, '00:00:00'),
        validTo: localDaysFrom(now, 60, '00:00:00'),
        compatibleEventShortNames: ['jazz'],
      }),
      subscriptionDescriptor({ ...free, id: passes.beta, organizerSlug: 'beta', compatibleEventShortNames: ['rock'] }),
      subscriptionDescriptor({ ...free, id: passes.folk, title: { en: 'Folk pass' }, usageType: 'UNLIMITED', maxEntries: 2, compatibleEventShortNames: ['folk'] }),
      subscriptionDescriptor({ ...free, id: passes.standardOnly, usageType: 'UNLIMITED', maxEntries: null, compatibleEventShortNames: ['gala'], compatibleCategoryIds: { gala: [1] } }),
    ]) {
      await app.given(`subscription-descriptor-${descriptor.id}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
    }
  });
  afterAll(() => app.close());

  it('pays for one ticket by PIN: the total drops, an APPLIED_SUBSCRIPTION row shows it, remove-code gives the total and the entry back', async () => {
    const pass = await buyPass(passes.two);
    const order = await reserve('jazz', 2);
    expect((await info(order)).orderSummary).toMatchObject({ totalPrice: '50.00', priceInCents: 5000 });

    // typed in lower case with a dash: the PIN is read as printed
    const applied = await apply(order, `${pass.pin.slice(0, 4).toLowerCase()}-${pass.pin.slice(4)}`);
    expect(applied).toEqual({ status: 200, body: { success: true, errorCount: 0, validationErrors: [], value: true, warnings: [] } });
    const withPass = (await info(order)).orderSummary;
    expect(withPass).toMatchObject({ totalPrice: '25.00', priceInCents: 2500, free: false });
    expect(withPass.summary).toEqual([
      expect.objectContaining({ type: 'TICKET', amount: 2, subTotal: '50.00' }),
      { name: 'Two concerts', amount: 1, price: '-25.00', subTotal: '-25.00', type: 'APPLIED_SUBSCRIPTION', taxPercentage: null },
    ]);
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:1']);
    // applied already: nothing more, no error
    expect(await refusalOf(order, pass.id)).toBe('none');

    expect((await call('DELETE', `/reservation/${order}/remove-code?type=SUBSCRIPTION`)).body).toBe(true);
    expect((await call('DELETE', `/reservation/${order}/remove-code?type=SUBSCRIPTION`)).body).toBe(false);
    const without = (await info(order)).orderSummary;
    expect(without).toMatchObject({ totalPrice: '50.00', priceInCents: 5000 });
    expect(without.summary.map((r: { type: string }) => r.type)).toEqual(['TICKET']);
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:1', 'SubscriptionUseUndone:1']);
  });

  it('is the same call with the trailing slash spec 7 writes (`.../apply-code/`)', async () => {
    const pass = await buyPass(passes.oncePerEvent);
    const order = await reserve('opera', 1);
    const slashed = await call('POST', `/reservation/${order}/apply-code/`, { code: 'ZZZZZZZZ', amount: 1, type: 'SUBSCRIPTION' });
    expect([slashed.status, slashed.body.validationErrors[0].code]).toEqual([200, 'subscription.pin.not.found']);
    expect(await refusalOf(order, pass.pin)).toBe('none');
    expect((await call('POST', `/reservation/7c000000-0000-4000-8000-0000000000aa/apply-code/`, { code: 'ABCDEFGH', amount: 1, type: 'SUBSCRIPTION' })).status).toBe(404);
  });

  it("lists the events a pass can be used for by the pass's id, as by its descriptor's", async () => {
    const pass = await buyPass(passes.two);
    const shortNames = async (id: string) => ((await call('GET', `/events?subscription=${id}`)).body as { shortName: string }[]).map((e) => e.shortName).sort();
    expect(await shortNames(pass.id)).toEqual(['blues', 'jazz']);
    expect(await shortNames(passes.two)).toEqual(['blues', 'jazz']);
    expect(await shortNames('7c000000-0000-4000-8000-0000000000fe')).toEqual([]);
  });

  it('is used on two events until its entries are gone: the third use is refused with max-usage-reached', async () => {
    const pass = await buyPass(passes.two);
    const jazz = await reserve('jazz', 1);
    expect((await apply(jazz, pass.id)).body.value).toBe(true);
    expect((await info(jazz)).orderSummary).toMatchObject({ free: true, priceInCents: 0 });
    await complete(jazz);
    expect((await info(jazz)).status).toBe('COMPLETE');

    const blues = await reserve('blues', 1);
    expect((await apply(blues, pass.pin)).body.value).toBe(true);
    await complete(blues);

    const third = await reserve('jazz', 1);
    expect(await refusalOf(third, pass.pin)).toBe('subscription.max-usage-reached');
    const { body } = await apply(third, pass.pin);
    expect(body.validationErrors).toEqual([{ fieldName: 'reservationCodeForm', code: 'subscription.max-usage-reached', arguments: { '0': pass.pin } }]);
    expect((await info(third)).orderSummary.totalPrice).toBe('25.00');
  });

  it('answers each wrong code with its own reason', async () => {
    const acmePass = await buyPass(passes.oncePerEvent);
    const expired = await buyPass(passes.expired);
    const betaPass = await buyPass(passes.beta);
    const jazz = await reserve('jazz', 1);
    expect(await refusalOf(jazz, 'not a pin!')).toBe('error.restrictedValue');
    expect(await refusalOf(jazz, 'ZZZZZZZZ')).toBe('subscription.pin.not.found');
    expect(await refusalOf(jazz, '7c000000-0000-4000-8000-0000000000ff')).toBe('subscription.uuid.not.found');
    // another organizer's PIN is not found among this event's organizer's passes
    expect(await refusalOf(jazz, betaPass.pin)).toBe('subscription.pin.not.found');
    expect(await refusalOf(jazz, expired.pin)).toBe('subscription.expired');
    expect(await refusalOf(jazz, (await buyPass(passes.later)).pin)).toBe('subscription.not.valid');
    // not linked to the event (another organizer's by its id, or this organizer's for other events): false without a reason (reference 28)
    expect(await apply(jazz, betaPass.id)).toEqual({ status: 200, body: { success: true, errorCount: 0, validationErrors: [], value: false, warnings: [] } });
    expect(await refusalOf(await reserve('opera', 1), acmePass.pin)).toBe('none');
    expect(await usedOf(acmePass.id)).toEqual(['SubscriptionIssued:']);
    // once per event: a second order of the same event is refused
    expect((await apply(jazz, acmePass.pin)).body.value).toBe(true);
    expect(await refusalOf(await reserve('jazz', 1), acmePass.pin)).toBe('subscription.max-usage-reached-per-event');
    expect((await apply(await reserve('blues', 1), acmePass.pin)).body.value).toBe(true);
  });

  it("finds a pass by its PIN whoever books: the buyer's e-mail need not be its owner's (a PIN is unique in its organizer)", async () => {
    const pass = await buyPass(passes.two); // owned by ada@example.org
    // the storefront sends the buyer's contact e-mail: a parent booking for the child who owns the pass
    const byParent = await reserve('jazz', 1);
    expect((await apply(byParent, pass.pin, { email: 'parent@example.org' })).body).toMatchObject({ success: true, value: true, validationErrors: [] });
    expect((await info(byParent)).orderSummary.totalPrice).toBe('0');
    const byOwner = await reserve('jazz', 1);
    expect((await apply(byOwner, pass.pin, { email: 'ADA@example.org' })).body.value).toBe(true);
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:1', 'SubscriptionUsed:1']);
  });

  it('gives the entry back when a ticket the pass paid for is released, and the summary still adds up', async () => {
    const pass = await buyPass(passes.folk);
    const order = await reserve('folk', 2);
    expect((await apply(order, pass.pin, { amount: 2 })).body.value).toBe(true);
    await complete(order);
    const [first, second] = ((await info(order)).ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets);
    expect(await refusalOf(await reserve('folk', 1), pass.pin)).toBe('subscription.max-usage-reached');

    expect(await call('DELETE', `/event/folk/ticket/${first!.uuid}`)).toMatchObject({ status: 200, body: true });
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:2', 'SubscriptionUsed:1']);
    const after = (await info(order)).orderSummary;
    expect(after).toMatchObject({ totalPrice: '0', priceInCents: 0 });
    expect(after.summary).toEqual([
      expect.objectContaining({ type: 'TICKET', amount: 1, subTotal: '25.00' }),
      { name: 'Folk pass', amount: 1, price: '-25.00', subTotal: '-25.00', type: 'APPLIED_SUBSCRIPTION', taxPercentage: null },
    ]);
    // the entry given back pays for another order's ticket
    expect((await apply(await reserve('folk', 1), pass.pin)).body.value).toBe(true);

    expect(await call('DELETE', `/event/folk/ticket/${second!.uuid}`)).toMatchObject({ status: 200, body: true });
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:2', 'SubscriptionUsed:1', 'SubscriptionUsed:1', 'SubscriptionUseUndone:1']);
  });

  it('gives both entries back when the two tickets a pass paid for are released at once (the second decided again on the first)', async () => {
    const pass = await buyPass(passes.folk);
    const order = await reserve('folk', 2);
    expect((await apply(order, pass.pin, { amount: 2 })).body.value).toBe(true);
    await complete(order);
    const tickets = ((await info(order)).ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets);
    const released = await Promise.all(tickets.map((t) => call('DELETE', `/event/folk/ticket/${t.uuid}`)));
    expect(released.map((r) => [r.status, r.body])).toEqual([
      [200, true],
      [200, true],
    ]);
    expect((await usedOf(pass.id)).at(-1)).toBe('SubscriptionUseUndone:1');
    expect(await app.app.get(SubscriptionPasses).byId(pass.id)).toMatchObject({ used: 0, available: 2 });
  });

  it('pays only for tickets of the categories it is valid for: the standard one of an order with a VIP one, none of VIP tickets alone', async () => {
    const pass = await buyPass(passes.standardOnly);
    const vipOnly = await reserveOf('gala', [{ ticketCategoryId: 2, amount: 2 }]);
    // no compatible category: false without an error, the order and the pass untouched
    expect(await refusalOf(vipOnly, pass.pin, { amount: 2 })).toBe('none');
    expect((await info(vipOnly)).orderSummary).toMatchObject({ totalPrice: '180.00', priceInCents: 18000 });
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:']);

    // the VIP ticket first: the pass skips it and pays for the standard one, one entry though two were asked
    const mixed = await reserveOf('gala', [
      { ticketCategoryId: 2, amount: 1 },
      { ticketCategoryId: 1, amount: 1 },
    ]);
    expect((await apply(mixed, pass.pin, { amount: 2 })).body.value).toBe(true);
    const summary = (await info(mixed)).orderSummary;
    expect(summary).toMatchObject({ totalPrice: '90.00', priceInCents: 9000 });
    expect(summary.summary).toContainEqual(expect.objectContaining({ type: 'APPLIED_SUBSCRIPTION', amount: 1, subTotal: '-30.00' }));
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:1']);
    const stream = await app.store.readStream(`reservation-${mixed}`);
    const categoryOf = new Map((stream[0]!.data['tickets'] as { ticketId: string; categoryId: number }[]).map((t) => [t.ticketId, t.categoryId]));
    const covered = stream.find((e) => e.type === 'SubscriptionApplied')!.data['ticketIds'] as string[];
    expect(covered.map((id) => categoryOf.get(id))).toEqual([1]);
  });

  it('refuses malformed forms with 422 and an unknown reservation with 404', async () => {
    const jazz = await reserve('jazz', 1);
    const wrongType = await call('POST', `/reservation/${jazz}/apply-code`, { code: 'ABCDEFGH', amount: 1, type: 'PROMO_CODE' });
    expect(wrongType.status).toBe(422);
    expect((await call('POST', `/reservation/${jazz}/apply-code`, { amount: 1, type: 'SUBSCRIPTION' })).status).toBe(422);
    expect((await call('POST', `/reservation/7c000000-0000-4000-8000-0000000000aa/apply-code`, { code: 'ABCDEFGH', amount: 1, type: 'SUBSCRIPTION' })).status).toBe(404);
    expect((await call('DELETE', `/reservation/${jazz}/remove-code?type=OTHER`)).status).toBe(422);
  });

  it('gives the entries back when the order is cancelled or expires', async () => {
    const pass = await buyPass(passes.two);
    const cancelled = await reserve('jazz', 1);
    expect((await apply(cancelled, pass.id)).body.value).toBe(true);
    expect((await call('DELETE', `/reservation/${cancelled}`)).status).toBe(200);
    const expiring = await reserve('blues', 2);
    expect((await apply(expiring, pass.id, { amount: 2 })).body.value).toBe(true);
    expect((await info(expiring)).orderSummary.free).toBe(true);
    const result = await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 3 * 3_600_000)));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await usedOf(pass.id)).toEqual(['SubscriptionIssued:', 'SubscriptionUsed:1', 'SubscriptionUseUndone:1', 'SubscriptionUsed:2', 'SubscriptionUseUndone:2']);
    // both entries are free again
    const next = await reserve('jazz', 2);
    expect((await apply(next, pass.pin, { amount: 2 })).body.value).toBe(true);
  });

  it('answers a remove-code that lost the race to another remove-code false, not 5xx: decided again on what the other wrote', async () => {
    const pass = await buyPass(passes.two);
    const order = await reserve('jazz', 1);
    expect((await apply(order, pass.pin)).body.value).toBe(true);
    // the interleaving of a double click, made certain: this call reads the order (pass applied), then the other
    // call removes the pass (both streams), then this call reads the pass, which records no use any more
    const real = app.app.get(SubscriptionPasses);
    let raced: Answer | null = null;
    const racing: SubscriptionPasses = Object.assign(Object.create(real) as SubscriptionPasses, {
      planUndoUse: async (...args: Parameters<SubscriptionPasses['planUndoUse']>) => {
        raced ??= await call('DELETE', `/reservation/${order}/remove-code?type=SUBSCRIPTION`);
        return real.planUndoUse(...args);
      },
    });
    const handler = new RemoveCodeHandler(app.app.get(SALES_OPTIONS), app.app.get(SALES_EVENT_STORE), racing, app.app.get(ReservationLog));
    expect(await handler.execute(new RemoveCodeCommand(order, 'buyer'))).toBe(false);
    expect(raced).toEqual({ status: 200, body: true });
    expect((await app.store.readStream(`reservation-${order}`)).filter((e) => e.type === 'SubscriptionRemoved')).toHaveLength(1);
    expect((await usedOf(pass.id)).slice(-2)).toEqual(['SubscriptionUsed:1', 'SubscriptionUseUndone:1']);
    // and over HTTP, a double click: one true, one false, both 200
    expect((await apply(order, pass.pin)).body.value).toBe(true);
    const answers = await Promise.all([1, 2].map(() => call('DELETE', `/reservation/${order}/remove-code?type=SUBSCRIPTION`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body).sort()).toEqual([false, true]);
  });

  it('gives the last entry to exactly one of 20 orders applying it at once, and nothing is half-written', async () => {
    const pass = await buyPass(passes.two);
    expect((await apply(await reserve('jazz', 1), pass.pin)).body.value).toBe(true);
    const orders = await Promise.all(Array.from({ length: 20 }, () => reserve('blues', 1)));
    const answers = await Promise.all(orders.map((order) => apply(order, pass.pin)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const won = answers.filter((a) => a.body.value === true);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.validationErrors[0]?.code === 'subscription.max-usage-reached')).toHaveLength(19);
    const applied = await Promise.all(orders.map(async (order) => (await app.store.readStream(`reservation-${order}`)).some((e) => e.type === 'SubscriptionApplied')));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect((await usedOf(pass.id)).filter((e) => e.startsWith('SubscriptionUsed'))).toHaveLength(2);
  });
});
