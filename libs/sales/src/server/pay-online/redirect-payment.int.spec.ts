import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@ticketing/testing/app';
import {
  attemptLogs,
  browse,
  buyerOf,
  confirmationsOf,
  eventually,
  givenCatalog,
  mailboxOf,
  pageOf,
  pressOnPage,
  startPaymentShop,
  type Hop,
  type PaymentShop,
} from './pay-online.fixtures.js';

/**
 * Issue 13, redirect payments: the overview's confirm answers the provider's page, the buyer acts there (the
 * stand-ins' pages, posted as a browser posts them), comes back through /api/payments/return/{attemptId} and
 * lands on the storefront page of the order's status. Mollie (iDEAL), PayPal and Saferpay (TWINT).
 */
describe('redirect payments (Mollie, PayPal, Saferpay stand-ins)', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const { mailsTo, exactlyOneMailTo } = mailboxOf(() => catcher);
  const buyer = (email: string) => buyerOf(shop.app, email);
  const returnPath = (attemptId: string) => `${shop.base}/api/payments/return/${attemptId}`;

  /** The buyer confirms the overview with a redirect method: the provider's page, and the attempt it belongs to. */
  async function confirmRedirect(b: Awaited<ReturnType<typeof buyer>>, id: string, paymentProxy: string, selectedPaymentMethod: string) {
    const confirmed = await b.confirm(id, { paymentProxy, selectedPaymentMethod });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, value: { success: true, redirect: true, failure: false } });
    const [attempt] = (await attemptLogs(shop.app, id)).slice(-1);
    expect(confirmed.body.value.gatewayIdOrNull).toBe(attempt!.attemptId);
    return { url: confirmed.body.value.redirectUrl as string, attemptId: attempt!.attemptId };
  }

  /** The last hop of the browser's way back: our 303 to the storefront. */
  const landing = (hops: Hop[]) => hops.find((h) => h.url.startsWith(`${shop.base}/api/payments/return/`));

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    await givenCatalog(shop.app, [
      { shortName: 'fair', proxies: ['STRIPE', 'MOLLIE', 'PAYPAL', 'SAFERPAY'] },
      { shortName: 'zweisprachig', proxies: ['MOLLIE'], contentLanguages: ['en', 'de'] },
    ]);
  });

  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  describe('Mollie iDEAL', () => {
    it('paid on the checkout page: back to success, the order complete once, one e-mail', async () => {
      const email = 'ideal@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('fair', 2);
      const { url, attemptId } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      expect(url.startsWith(`${shop.standIns.urls.mollie}/checkout/tr_`)).toBe(true);
      const payment = shop.standIns.mollie.payments.get(url.split('/').at(-1)!)!;
      expect(payment).toMatchObject({ method: 'ideal', amount: { currency: 'CHF', value: '90.00' }, redirectUrl: returnPath(attemptId), status: 'open' });
      expect((await b.info(id)).body).toMatchObject({ status: 'EXTERNAL_PROCESSING_PAYMENT', tokenAcquired: true, paymentProxy: 'MOLLIE' });

      const hops = await pressOnPage(url, 'Continue', { status: 'paid' });
      expect(hops.map((h) => h.status)).toEqual([302, 303, 200]); // Mollie's page, our return, the storefront's page
      expect(landing(hops)!.location).toBe(pageOf('fair', id, 'success'));
      expect((await b.info(id)).body).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'MOLLIE' });

      await shop.standIns.mollie.flushWebhooks(); // Mollie's webhook of the same change, racing the return
      expect(shop.standIns.mollie.notifications.filter((n) => n.paymentId === payment.id).map((n) => n.delivered)).toEqual([true]);
      await exactlyOneMailTo(email);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      expect((await b.info(id)).body.ticketsByCategory[0].tickets.map((t: { acquired: boolean }) => t.acquired)).toEqual([true, true]);
    });

    it('paid in the language the buyer switched to on the overview: Mollie\'s page, the order and its e-mail speak it', async () => {
      const email = 'sprache@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('zweisprachig', 1); // booked in English
      const confirmed = await b.confirm(id, { paymentProxy: 'MOLLIE', selectedPaymentMethod: 'IDEAL' }, 'de-CH');
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const url = confirmed.body.value.redirectUrl as string;
      expect(shop.standIns.mollie.payments.get(url.split('/').at(-1)!)!.locale).toBe('de_DE'); // the order's language, de
      const events = await shop.app.store.readStream(`reservation-${id}`);
      expect(events.slice(-2).map((e) => e.type)).toEqual(['ReservationLanguageChanged', 'PaymentStarted']);
      expect(events.at(-2)!.data).toEqual({ reservationId: id, language: 'de' });

      await pressOnPage(url, 'Continue', { status: 'paid' });
      expect((await b.info(id)).body).toMatchObject({ status: 'COMPLETE' });
      await exactlyOneMailTo(email);
      expect(mailsTo(email)[0]!.subject).toMatch(/Reservierung/);
    });

    it('paid while the buyer never comes back: Mollie\'s webhook alone completes the order', async () => {
      const email = 'ideal-webhook@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      shop.standIns.mollie.settle(url.split('/').at(-1)!, 'paid');
      await shop.standIns.mollie.flushWebhooks();
      expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
      expect(await eventually(async () => mailsTo(email).length, (n) => n >= 1)).toBe(1);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
    });

    it('cancelled on the checkout page: back to the overview, the order pending with no failure to show', async () => {
      const b = await buyer('ideal-cancel@example.org');
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      const hops = await pressOnPage(url, 'Continue', { status: 'canceled' });
      expect(landing(hops)!.location).toBe(pageOf('fair', id, 'overview'));
      expect((await b.info(id)).body).toMatchObject({ status: 'PENDING', tokenAcquired: false, lastPaymentFailure: null });
      await shop.standIns.mollie.flushWebhooks();
      expect(await confirmationsOf(shop.app, id)).toBe(0);
      // and the buyer may pay again, with another method
      const again = await b.confirm(id, { paymentProxy: 'PAYPAL', selectedPaymentMethod: 'PAYPAL' });
      expect(again.body.value).toMatchObject({ redirect: true, redirectUrl: expect.stringContaining(shop.standIns.urls.paypal) });
    });

    it('failed on the checkout page: back to the overview, the order pending', async () => {
      const b = await buyer('ideal-failed@example.org');
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      const hops = await pressOnPage(url, 'Continue', { status: 'failed' });
      expect(landing(hops)!.location).toBe(pageOf('fair', id, 'overview'));
      expect((await b.info(id)).body).toMatchObject({ status: 'PENDING', lastPaymentFailure: expect.objectContaining({ code: expect.any(String) }) });
    });
  });

  describe('PayPal', () => {
    it('approved ("Pay now"): captured on the way back, success, the order complete once', async () => {
      const email = 'paypal@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('fair');
      const { url, attemptId } = await confirmRedirect(b, id, 'PAYPAL', 'PAYPAL');
      expect(url.startsWith(`${shop.standIns.urls.paypal}/checkoutnow?token=`)).toBe(true);
      const orderId = new URL(url).searchParams.get('token')!;
      expect(shop.standIns.paypal.orders.get(orderId)).toMatchObject({ amount: { currency_code: 'CHF', value: '45.00' }, customId: attemptId, status: 'PAYER_ACTION_REQUIRED' });

      const hops = await pressOnPage(url, 'Pay now');
      expect(hops[0]).toMatchObject({ status: 302, location: expect.stringContaining(returnPath(attemptId)) });
      expect(landing(hops)).toMatchObject({ status: 303, location: pageOf('fair', id, 'success') });
      expect(shop.standIns.paypal.orders.get(orderId)).toMatchObject({ status: 'COMPLETED', capture: { status: 'COMPLETED' } });
      expect((await b.info(id)).body).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'PAYPAL' });

      await shop.standIns.paypal.webhooksDelivered(); // CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED, racing the return
      await exactlyOneMailTo(email);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      expect(shop.standIns.paypal.orders.get(orderId)!.capture!.refunds).toEqual([]);
    });

    it('"Cancel and return": back to the overview, the order pending', async () => {
      const b = await buyer('paypal-cancel@example.org');
      const id = await b.toOverview('fair');
      const { url, attemptId } = await confirmRedirect(b, id, 'PAYPAL', 'PAYPAL');
      const hops = await pressOnPage(url, 'Cancel and return');
      expect(hops[0]!.location).toContain(`${returnPath(attemptId)}?cancelled=true`);
      expect(landing(hops)).toMatchObject({ status: 303, location: pageOf('fair', id, 'overview') });
      expect((await b.info(id)).body).toMatchObject({ status: 'PENDING', tokenAcquired: false });
      expect(await confirmationsOf(shop.app, id)).toBe(0);
    });

    it('a payment made in an old tab after the order was paid another way is refunded, the order completed once', async () => {
      const email = 'two-tabs@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('fair');
      const paypal = await confirmRedirect(b, id, 'PAYPAL', 'PAYPAL');
      const mollie = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL'); // the buyer changed their mind: PayPal's attempt is given up
      expect((await attemptLogs(shop.app, id))[0]!.events.at(-1)).toMatchObject({ type: 'PaymentAbandoned', data: { reason: 'NEW_ATTEMPT' } });
      await pressOnPage(mollie.url, 'Continue', { status: 'paid' });
      expect(await b.statusOf(id)).toBe('COMPLETE');

      // the PayPal tab was still open: the buyer pays there too, and comes back
      const hops = await pressOnPage(paypal.url, 'Pay now');
      expect(landing(hops)!.location).toBe(pageOf('fair', id, 'success'));
      const orderId = new URL(paypal.url).searchParams.get('token')!;
      const refunds = await eventually(async () => shop.standIns.paypal.orders.get(orderId)!.capture?.refunds ?? [], (r) => r.length > 0);
      expect(refunds).toEqual([expect.objectContaining({ amount: { currency_code: 'CHF', value: '45.00' } })]);
      await shop.standIns.paypal.webhooksDelivered();
      await exactlyOneMailTo(email);
      const logs = await attemptLogs(shop.app, id);
      expect(logs[0]!.events.map((e) => e.type)).toEqual(expect.arrayContaining(['PaymentSucceeded', 'PaymentRefunded']));
      expect(logs[0]!.events.filter((e) => e.type === 'PaymentRefunded').map((e) => e.data)).toEqual([expect.objectContaining({ reason: 'DUPLICATE' })]);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      expect((await b.info(id)).body).toMatchObject({ status: 'COMPLETE', paymentProxy: 'MOLLIE' });
    });
  });

  describe('Saferpay TWINT', () => {
    it('paid on the payment page: success, complete once', async () => {
      const email = 'twint@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'SAFERPAY', 'TWINT');
      expect(url.startsWith(`${shop.standIns.urls.saferpay}/vt/`)).toBe(true);
      const hops = await pressOnPage(url, 'Pay');
      expect(landing(hops)).toMatchObject({ status: 303, location: pageOf('fair', id, 'success') });
      await shop.standIns.saferpay.webhooksDelivered();
      await exactlyOneMailTo(email);
      expect(shop.standIns.saferpay.notifications.map((n) => n.status)).toContain(200);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
    });

    it('declined on the payment page: back to the overview, pending', async () => {
      const b = await buyer('twint-declined@example.org');
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'SAFERPAY', 'TWINT');
      const hops = await pressOnPage(url, 'Decline');
      expect(landing(hops)!.location).toBe(pageOf('fair', id, 'overview'));
      expect((await b.info(id)).body).toMatchObject({ status: 'PENDING', lastPaymentFailure: expect.objectContaining({ code: expect.any(String) }) });
    });
  });

  describe('force-check (reference 26: initiated with redirect → redirect; errors → pending)', () => {
    const pending = { successful: false, failed: false, redirect: false, redirectUrl: null };

    it('sends the buyer to the provider\'s page only while the payment waits for them there', async () => {
      const b = await buyer('force-check-open@example.org');
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      expect(await b.forceCheck(id)).toMatchObject({ status: 200, body: { redirect: true, redirectUrl: url, successful: false, failed: false } });
    });

    it('keeps a buyer who finished at Mollie on the processing page while the bank confirms (no redirect back to Mollie)', async () => {
      const b = await buyer('force-check-pending@example.org');
      const id = await b.toOverview('fair');
      const { url } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      shop.standIns.mollie.settle(url.split('/').at(-1)!, 'pending'); // done at the bank's page, the bank confirms later
      for (let check = 0; check < 2; check++) expect(await b.forceCheck(id)).toMatchObject({ status: 200, body: pending });
      expect(await b.statusOf(id)).toBe('WAITING_EXTERNAL_CONFIRMATION');
    });

    it('answers pending, not the provider\'s page again, when the provider cannot be reached', async () => {
      const b = await buyer('force-check-down@example.org');
      const id = await b.toOverview('fair');
      await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
      shop.standIns.mollie.down(true);
      try {
        expect(await b.forceCheck(id)).toMatchObject({ status: 200, body: pending });
      } finally {
        shop.standIns.mollie.down(false);
      }
      expect(await b.statusOf(id)).toBe('EXTERNAL_PROCESSING_PAYMENT');
    });
  });

  it('answers a return for a payment of nobody with 404, and the same return twice lands on the same page', async () => {
    expect((await browse(`${shop.base}/api/payments/return/3b241101-e2bb-4255-8caf-4136c566a962`))[0]!.status).toBe(404);
    const b = await buyer('return-twice@example.org');
    const id = await b.toOverview('fair');
    const { url, attemptId } = await confirmRedirect(b, id, 'MOLLIE', 'IDEAL');
    await pressOnPage(url, 'Continue', { status: 'paid' });
    expect((await browse(returnPath(attemptId)))[0]).toMatchObject({ status: 303, location: pageOf('fair', id, 'success') });
    expect(await confirmationsOf(shop.app, id)).toBe(1);
  });
});
