import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@ticketing/testing/app';
import { catalogEvent, eventDetails, localDaysFrom, ticketCategory } from '@ticketing/testing/catalog-events';
import { attemptLogs, buyerOf, confirmCardAsStripeJs, eventually, givenCatalog, intentOf, startPaymentShop, type PaymentShop } from './pay-online.fixtures.js';

/**
 * Audit payments #5: Stripe's unit of an amount is not always the currency's minor unit. A 5 000 kr ISK order is
 * 500000 at Stripe (ISK written with two decimals), and a 5.125 KWD order cannot be paid through Stripe at all
 * (three-decimal amounts must end in 0): it is refused before a PaymentIntent is made, never charged otherwise.
 */
describe('card payments in currencies Stripe counts in another unit (Stripe stand-in)', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const buyer = (email: string) => buyerOf(shop.app, email);

  /** An event of the `acme` organizer (Stripe with SCA) selling one category at `price` minor units of `currency`. */
  async function givenEvent(shortName: string, currency: string, price: number) {
    const now = new Date();
    const details = eventDetails({ shortName, currency, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['STRIPE'] });
    await shop.app.given(`event-${shortName}`, [
      catalogEvent({ type: 'EventPublished', data: { event: details } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: shortName, capacity: { id: 1, key: 'hall', name: 'Hall', size: 20 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'regular', price, capacityId: 1 }) } }),
    ]);
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    await givenCatalog(shop.app, []);
    await givenEvent('reykjavik', 'ISK', 5000);
    await givenEvent('kuwait', 'KWD', 5125);
  });

  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  it('a 5 000 kr ISK order is a PaymentIntent of 500000 isk, and paid it completes the order with 5 000 kr', async () => {
    const b = await buyer('isk@example.org');
    const id = await b.toOverview('reykjavik');
    const init = await b.init(id, 'CREDIT_CARD');
    expect(init.body).toMatchObject({ errorMessage: null, reservationStatusChanged: false });
    const pi = intentOf(init.body.clientSecret as string);
    expect(shop.standIns.stripe.payments.get(pi)).toMatchObject({ amount: 500_000, currency: 'isk' });

    await confirmCardAsStripeJs(shop.standIns.urls.stripe, init.body.clientSecret as string, '4242424242424242', `${shop.base}/back`);
    expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.find((e) => e.type === 'PaymentSucceeded')?.data).toMatchObject({ amount: 5000, currency: 'ISK' });
  });

  it('a 5.125 KWD order is refused with the reason, no PaymentIntent made, the order payable again', async () => {
    const b = await buyer('kwd@example.org');
    const id = await b.toOverview('kuwait');
    const before = [...shop.standIns.stripe.payments.values()].filter((p) => p.currency === 'kwd').length;
    const init = await b.init(id, 'CREDIT_CARD');
    expect(init.body).toMatchObject({ clientSecret: null, errorMessage: 'Stripe cannot charge 5.125 KWD: Stripe takes KWD only in steps of 0.01 KWD', reservationStatusChanged: true });
    expect([...shop.standIns.stripe.payments.values()].filter((p) => p.currency === 'kwd')).toHaveLength(before);
    expect(await b.statusOf(id)).toBe('PENDING');
  });
});
