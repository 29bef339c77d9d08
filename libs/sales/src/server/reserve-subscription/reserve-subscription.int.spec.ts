import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { catalogEvent, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { reservationOpening, startTestApp, type TestApp } from '@ticketing/testing/app';
import { CommandBus } from '@nestjs/cqrs';
import { ExpireReservationsCommand } from '../expire-reservations/expire-reservations.command.js';

const now = new Date();
const ids = {
  limited: '6a000000-0000-4000-8000-000000000001',
  free: '6a000000-0000-4000-8000-000000000002',
  unpayable: '6a000000-0000-4000-8000-000000000003',
  future: '6a000000-0000-4000-8000-000000000004',
  rush: '6a000000-0000-4000-8000-000000000005',
  last: '6a000000-0000-4000-8000-000000000006',
};

describe('POST /subscription/{id}: a reservation for one pass (reference 42)', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const publish = (descriptor: SubscriptionDescriptor) =>
    app.given(`subscription-descriptor-${descriptor.id}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
  const reserve = (id: string, language = 'de-CH,de;q=0.9') =>
    app.inject({ method: 'POST', url: `/api/v2/public/subscription/${id}`, headers: { ...headers, 'accept-language': language } });
  const numAvailable = async (id: string) => (await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${id}` })).json().numAvailable;

  beforeAll(async () => {
    app = await startTestApp();
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const onSale = { start: localDaysFrom(now, -1), end: null };
    await publish(subscriptionDescriptor({ id: ids.limited, sale: onSale, maxAvailable: 2, price: 12000, vatIncluded: false, allowedPaymentProxies: ['OFFLINE'], contentLanguages: ['en', 'de'], title: { en: 'Pass', de: 'Abo' } }));
    await publish(subscriptionDescriptor({ id: ids.free, sale: onSale, price: 0, allowedPaymentProxies: [] }));
    await publish(subscriptionDescriptor({ id: ids.unpayable, sale: onSale, allowedPaymentProxies: [] }));
    await publish(subscriptionDescriptor({ id: ids.future, sale: { start: localDaysFrom(now, 3), end: null } }));
    await publish(subscriptionDescriptor({ id: ids.rush, sale: onSale, maxAvailable: 7, allowedPaymentProxies: ['OFFLINE'] }));
    await publish(subscriptionDescriptor({ id: ids.last, sale: onSale, maxAvailable: 1, allowedPaymentProxies: ['OFFLINE'], reservationValidityMinutes: 10 }));
  });
  afterAll(() => app.close());

  it('opens a reservation whose first event names the pass, priced from the descriptor, in the buyer language', async () => {
    const answer = await reserve(ids.limited);
    expect(answer.statusCode, answer.body).toBe(200);
    const reservationId = answer.json().value as string;
    const opened = await reservationOpening(app.store, reservationId);
    expect(opened?.event.streamId).toMatch(/^inventory-subscription:/);
    const data = opened!.data as { language: string; tickets: unknown[]; purchaseContext: { type: string; descriptorId: string; subscriptionId: string }; price: { totals: { priceWithVat: number; vat: number } } };
    expect(data.language).toBe('de');
    expect(data.tickets).toEqual([]);
    expect(data.purchaseContext).toMatchObject({ type: 'subscription', descriptorId: ids.limited });
    expect(data.purchaseContext.subscriptionId).toMatch(/^[0-9a-f-]{36}$/);
    // 120.00 net, 7.7 % VAT on top
    expect(data.price.totals).toMatchObject({ priceWithVat: 12924, vat: 924 });
    expect(await numAvailable(ids.limited)).toBe(1);
  });

  it('answers sold out once maxAvailable passes are held, and for a descriptor not on sale', async () => {
    expect((await reserve(ids.limited)).statusCode).toBe(200);
    expect(await numAvailable(ids.limited)).toBe(0);
    for (const id of [ids.limited, ids.future]) {
      const refused = await reserve(id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().validationErrors).toEqual([expect.objectContaining({ code: 'show-subscription.sold-out.message' })]);
    }
  });

  it('refuses a paid pass with no way to pay, takes a free one without', async () => {
    const refused = await reserve(ids.unpayable);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationErrors).toEqual([expect.objectContaining({ code: 'error.STEP_1_CATEGORIES_NOT_COMPATIBLE' })]);
    expect((await reserve(ids.free)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown descriptor and 422 for an id that is not a UUID', async () => {
    expect((await reserve('6a000000-0000-4000-8000-0000000000ff')).statusCode).toBe(404);
    expect((await reserve('not-a-uuid')).statusCode).toBe(422);
  });

  it('sells exactly maxAvailable passes to 40 concurrent buyers', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => reserve(ids.rush)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 422)).toHaveLength(33);
    expect(await numAvailable(ids.rush)).toBe(0);
  });

  it('gives an expired reservation pass back to sale, and a cancelled one', async () => {
    const first = await reserve(ids.last);
    expect(first.statusCode).toBe(200);
    expect((await reserve(ids.last)).statusCode).toBe(422);
    await app.settle(); // the sweeper finds due reservations in the reservations read model
    await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 11 * 60_000)));
    // the expiry records the opening first, then the expiry
    const expired = await app.store.readStream(`reservation-${first.json().value}`);
    expect(expired.map((e) => e.type)).toEqual(['ReservationOpened', 'ReservationExpired']);
    await app.settle();
    expect(await numAvailable(ids.last)).toBe(1);
    const second = await reserve(ids.last);
    expect(second.statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${second.json().value}`, headers })).statusCode).toBe(200);
    expect((await reserve(ids.last)).statusCode).toBe(200);
  });
});
