import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { EventLogSubscriptionPasses } from '@ticketing/subscriptions/server';
import { randomIds } from '@ticketing/kernel';
import { ConfirmReservationCommand, ConfirmReservationHandler } from '../confirm-reservation/confirm-reservation.command.js';
import { ReservationFinalizer } from '../finalize-reservation/reservation-finalizer.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { OnlineCheckout } from '../pay-online/online-checkout.js';
import { PassIssuance } from '../purchase-context/pass-issuance.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS } from '../tokens.js';

const now = new Date();
const ORGANIZER_KEY = 'k-pass-8d2e4f6a1c3b';
const ids = { free: '7b000000-0000-4000-8000-000000000001', paid: '7b000000-0000-4000-8000-000000000002', onSite: '7b000000-0000-4000-8000-000000000003' };
const PIN = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const grace = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' };

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

describe('buying a pass through the reservation steps (reference 42, 16-27)', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const reserve = async (descriptorId: string): Promise<string> => {
    const { status, body } = await call('POST', `/subscription/${descriptorId}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as string;
  };
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;
  const passIdOf = async (reservationId: string) => {
    const [opened] = await app.store.readStream(`reservation-${reservationId}`);
    return (opened!.data as { purchaseContext: { subscriptionId: string } }).purchaseContext.subscriptionId;
  };

  beforeAll(async () => {
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0', ORGANIZER_API_KEYS: `acme:${ORGANIZER_KEY}` });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const sale = { start: localDaysFrom(now, -1), end: null };
    for (const descriptor of [
      subscriptionDescriptor({ id: ids.free, sale, price: 0, maxEntries: 5, allowedPaymentProxies: [], displayPin: true }),
      subscriptionDescriptor({ id: ids.paid, sale, price: 12000, maxEntries: null, allowedPaymentProxies: ['OFFLINE'], displayPin: false }),
      // published before the catalog refused a pass owed on site
      subscriptionDescriptor({ id: ids.onSite, sale, price: 9000, maxEntries: 3, allowedPaymentProxies: ['OFFLINE', 'ON_SITE'], displayPin: true }),
    ]) {
      await app.given(`subscription-descriptor-${descriptor.id}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
    }
  });
  afterAll(() => app.close());

  it('a free pass for another owner: the reservation shows it, the owner is checked, completion issues it with a PIN', async () => {
    const id = await reserve(ids.free);
    const before = await info(id);
    expect(before.ticketsByCategory).toEqual([]);
    expect(before.subscriptionInfos).toEqual([
      {
        id: null,
        pin: null,
        usageDetails: { total: 5, used: 0, available: 5 },
        owner: { firstName: null, lastName: null, email: null },
        configuration: { displayPin: true },
        additionalFields: [],
        fieldConfigurationBeforeStandard: [],
        fieldConfigurationAfterStandard: [],
      },
    ]);
    expect(before.orderSummary).toMatchObject({ free: true, summary: [{ type: 'SUBSCRIPTION', name: 'Season pass', amount: 1 }] });

    // a different owner must be named in full
    const incomplete = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, differentSubscriptionOwner: true, subscriptionOwner: { firstName: 'Grace' } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.validationErrors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['subscriptionOwner.lastName', 'subscriptionOwner.email']);
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, differentSubscriptionOwner: true, subscriptionOwner: grace })).status).toBe(200);
    expect((await info(id)).subscriptionInfos[0].owner).toEqual(grace);

    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await info(id);
    expect(after.status).toBe('COMPLETE');
    const passId = await passIdOf(id);
    expect(after.subscriptionInfos[0]).toMatchObject({ id: passId, owner: grace, usageDetails: { total: 5, used: 0, available: 5 } });
    expect(after.subscriptionInfos[0].pin).toMatch(PIN);

    // the log: the pass's stream (the owner as personal data of the order's subject) and the claim on its PIN
    const [issued, ...more] = await app.store.readStream(`subscription-${passId}`);
    expect(more).toEqual([]);
    expect(issued).toMatchObject({
      type: 'SubscriptionIssued',
      data: { subscriptionId: passId, descriptorId: ids.free, organizerSlug: 'acme', reservationId: id, pin: after.subscriptionInfos[0].pin, owner: null, maxEntries: 5 },
      personal: { subjectId: `reservation-${id}`, data: { owner: grace } },
    });
    const pinStream = await app.store.readStream(`subscription-pin-acme-${after.subscriptionInfos[0].pin}`);
    expect(pinStream.map((e) => [e.type, e.data])).toEqual([['SubscriptionPinTaken', { organizerSlug: 'acme', pin: after.subscriptionInfos[0].pin, subscriptionId: passId }]]);
  });

  it('a paid pass by bank transfer: no pass while the money is awaited, issued to the buyer when the organizer confirms it', async () => {
    const id = await reserve(ids.paid);
    const before = await info(id);
    expect(before.orderSummary).toMatchObject({ free: false, totalPrice: '120.00', summary: [{ type: 'SUBSCRIPTION', price: '120.00' }] });
    expect(Object.keys(before.activePaymentMethods)).toEqual(['BANK_TRANSFER']);
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, ada)).status).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'OFFLINE' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const waiting = await info(id);
    expect(waiting.status).toBe('OFFLINE_PAYMENT');
    expect(waiting.subscriptionInfos[0]).toMatchObject({ id: null, pin: null, owner: ada, configuration: { displayPin: false }, usageDetails: { total: null, used: 0, available: null } });
    const passId = await passIdOf(id);
    expect(await app.store.readStream(`subscription-${passId}`)).toEqual([]);

    const organizerApi = () => app.inject({ method: 'POST', url: `/api/v2/organizer/reservations/${id}/confirm-payment`, headers: { authorization: `ApiKey ${ORGANIZER_KEY}` } });
    expect((await organizerApi()).json().value).toBe('CONFIRMED');
    expect((await organizerApi()).json().value).toBe('ALREADY_COMPLETE');
    const paid = await info(id);
    expect(paid.status).toBe('COMPLETE');
    expect(paid.subscriptionInfos[0]).toMatchObject({ id: passId, owner: ada });
    expect(paid.subscriptionInfos[0].pin).toMatch(PIN);
    expect(await app.store.readStream(`subscription-${passId}`)).toHaveLength(1);
  });

  it('a pass is never owed on site: not offered, and refused when asked for (it would be issued unpaid)', async () => {
    const id = await reserve(ids.onSite);
    expect(Object.keys((await info(id)).activePaymentMethods)).toEqual(['BANK_TRANSFER']);
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, ada)).status).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'ON_SITE' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBeGreaterThanOrEqual(400);
    expect(confirmed.status).toBeLessThan(500);
    expect((await info(id)).status).toBe('PENDING');
    expect(await app.store.readStream(`subscription-${await passIdOf(id)}`)).toEqual([]);
  });

  it('gives every pass of the organizer its own PIN', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => reserve(ids.free)));
    await Promise.all(
      orders.map(async (id) => {
        expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, ada)).status).toBe(200);
        expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      }),
    );
    const pins = await Promise.all(orders.map(async (id) => (await info(id)).subscriptionInfos[0].pin as string));
    expect(pins.every((pin) => PIN.test(pin))).toBe(true);
    expect(new Set(pins).size).toBe(orders.length);
  });

  it('draws another PIN when the one drawn is taken in the organizer, and decides the completion again', async () => {
    // PINs drawn in this order: 00000000 for the first pass, 00000000 again for the second, then 11111111
    const draws = [0, 0, 1];
    const passes = new EventLogSubscriptionPasses({ store: app.store, clock: { now: () => new Date() }, ids: randomIds, randomBytes: (size) => new Uint8Array(size).fill(draws.shift() ?? 2) });
    const get = <T>(token: unknown) => app.app.get(token as never) as T;
    const handler = new ConfirmReservationHandler(
      get(SALES_OPTIONS),
      get(SALES_EVENT_STORE),
      get(PurchaseOffers),
      new PassIssuance(get(PurchaseOffers), passes),
      get(InventoryDesk),
      get(ReservationFinalizer),
      get(OnlineCheckout),
      get(ReservationLog),
    );
    const buy = async () => {
      const id = await reserve(ids.free);
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, ada)).status).toBe(200);
      await handler.execute(
        new ConfirmReservationCommand({ reservationId: id, paymentProxy: null, paymentMethod: null, termsAccepted: true, privacyAccepted: true, captcha: null, remoteIp: '127.0.0.1', gatewayToken: null, actor: 'session:test', language: 'en' }),
      );
      return (await info(id)).subscriptionInfos[0] as { id: string; pin: string };
    };
    const first = await buy();
    const second = await buy();
    expect([first.pin, second.pin]).toEqual(['00000000', '11111111']);
    expect(draws).toEqual([]);
    const [claim] = await app.store.readStream('subscription-pin-acme-00000000');
    expect(claim?.data['subscriptionId']).toBe(first.id);
    expect(await app.store.readStream(`subscription-${second.id}`)).toHaveLength(1);
  });
});
