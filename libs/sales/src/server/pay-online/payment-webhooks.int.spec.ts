import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '@ticketing/payments/stand-ins';
import { startMailCatcher } from '@ticketing/testing/app';
import { catalogEvent, localDaysFrom, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import {
  attemptLogs,
  buyerOf,
  confirmationsOf,
  confirmCardAsStripeJs,
  eventually,
  givenCatalog,
  mailboxOf,
  intentOf,
  pageOf,
  pause,
  pressOnPage,
  PRICE,
  startPaymentShop,
  type Buyer,
  type PaymentShop,
} from './pay-online.fixtures.js';

const WEBHOOK_SECRET = 'whsec_stand_in';
/** A free pass for the expo, one entry per event: it pays one ticket of an order. */
const PASS = '7c000000-0000-4000-8000-0000000000e1';

/**
 * Issue 13, webhooks: whatever the provider sends, however often, late or out of order, and whatever the browser
 * asks at the same time, an order is completed once (one ReservationConfirmed, one e-mail); a forged or replayed
 * webhook is refused with 400 and changes nothing; money of another amount never completes an order.
 */
describe('payment webhooks and exactly-once completion', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const { mailsTo, exactlyOneMailTo } = mailboxOf(() => catcher);
  const buyer = (email: string) => buyerOf(shop.app, email);
  const stripe = () => shop.standIns.stripe;
  const stripeWebhookUrl = () => `${shop.base}/api/payments/stripe/webhook/_test`;
  const eventsOf = (pi: string, type?: string) => stripe().events.filter((e) => e.paymentIntentId === pi && (type === undefined || e.type === type));

  /** A webhook as Stripe posts it, with the signature given. */
  const postStripe = async (payload: string, signature: string | null) => {
    const response = await fetch(stripeWebhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  };

  /** The order on the overview, its card PaymentIntent made (init): what the browser confirms. */
  async function cardInFlight(b: Buyer): Promise<{ id: string; secret: string; pi: string }> {
    const id = await b.toOverview('expo');
    const init = await b.init(id, 'CREDIT_CARD');
    expect(init.status).toBe(200);
    const secret = init.body.clientSecret as string;
    return { id, secret, pi: intentOf(secret) };
  }
  const pay = (secret: string, card = '4242424242424242') => confirmCardAsStripeJs(stripe().url, secret, card, `${shop.base}/back`);


  /** The order's first attempt once its money is recorded as kept (its follow-up's last step, after the e-mail). */
  const keptAttempt = async (id: string) => {
    const first = async () => (await attemptLogs(shop.app, id))[0]!;
    return eventually(first, (attempt) => attempt.events.at(-1)?.type === 'PaymentKept');
  };
  const quiet = async () => {
    await stripe().webhooksDelivered();
    await pause(250);
  };

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    await givenCatalog(shop.app, [{ shortName: 'expo', proxies: ['STRIPE', 'MOLLIE', 'PAYPAL'] }]);
    const pass = subscriptionDescriptor({ id: PASS, price: 0, allowedPaymentProxies: [], sale: { start: localDaysFrom(new Date(), -10), end: null }, compatibleEventShortNames: ['expo'] });
    await shop.app.given(`subscription-descriptor-${PASS}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor: pass } })]);
  });

  afterEach(async () => {
    // a test that held Stripe's webhooks lets them go, so the next one starts with a provider that delivers
    await stripe().releaseWebhooks();
    await quiet();
  });

  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  it('a webhook delivered again (Stripe\'s duplicates) changes nothing', async () => {
    const email = 'duplicate@example.org';
    const b = await buyer(email);
    const { id, secret, pi } = await cardInFlight(b);
    await pay(secret);
    await quiet();
    expect(await b.statusOf(id)).toBe('COMPLETE');
    const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
    const logged = (await keptAttempt(id)).events.length;

    await stripe().resend(succeeded!.id);
    await stripe().resend(succeeded!.id);
    expect(succeeded!.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    await quiet();
    expect(await confirmationsOf(shop.app, id)).toBe(1);
    await exactlyOneMailTo(email);
    const [after] = await attemptLogs(shop.app, id);
    expect(after!.events).toHaveLength(logged);
    expect(after!.events.filter((e) => e.type === 'PaymentSucceeded')).toEqual([expect.objectContaining({ data: expect.objectContaining({ notificationId: succeeded!.id }) })]);
  });

  it('late webhooks, the success before the processing that preceded it: the order completes once and stays complete', async () => {
    const email = 'late@example.org';
    const b = await buyer(email);
    stripe().holdWebhooks();
    const { id, pi } = await cardInFlight(b);
    stripe().advance(pi, 'processing');
    stripe().advance(pi, 'succeeded');
    await pause(200);
    expect(await b.statusOf(id)).toBe('EXTERNAL_PROCESSING_PAYMENT'); // nothing heard yet

    const [processing] = eventsOf(pi, 'payment_intent.processing');
    const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
    const [created] = eventsOf(pi, 'payment_intent.created');
    await stripe().send([succeeded!.id, processing!.id, created!.id]);
    await quiet();
    expect(await b.statusOf(id)).toBe('COMPLETE');
    expect([processing, succeeded, created].map((e) => e!.deliveries.at(-1)!.status)).toEqual([200, 200, 200]);
    const attempt = await keptAttempt(id);
    expect(attempt.events.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentInitiated', 'PaymentSucceeded', 'PaymentKept']);
    expect(await confirmationsOf(shop.app, id)).toBe(1);
    await exactlyOneMailTo(email);
  });

  it('a decline\'s webhook arriving after the retry\'s success (same PaymentIntent) does not undo the order', async () => {
    const email = 'failed-late@example.org';
    const b = await buyer(email);
    stripe().holdWebhooks();
    const { id, secret, pi } = await cardInFlight(b);
    expect((await pay(secret, '4000000000000002')).status).toBe(402);
    // not told of the decline yet, the browser asks again: the same PaymentIntent, confirmed with another card
    expect((await b.init(id, 'CREDIT_CARD')).body.clientSecret).toBe(secret);
    expect((await pay(secret)).body.status).toBe('succeeded');
    const [failed] = eventsOf(pi, 'payment_intent.payment_failed');
    const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
    await stripe().send([succeeded!.id, failed!.id]);
    await quiet();
    expect((await b.info(id)).body).toMatchObject({ status: 'COMPLETE', lastPaymentFailure: null });
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.map((e) => e.type)).not.toContain('PaymentFailed');
    expect(await confirmationsOf(shop.app, id)).toBe(1);
    await exactlyOneMailTo(email);
  });

  it('a success arriving after its decline was recorded still completes the order, once', async () => {
    const email = 'failed-then-paid@example.org';
    const b = await buyer(email);
    stripe().holdWebhooks();
    const { id, secret, pi } = await cardInFlight(b);
    await pay(secret, '4000000000000002');
    await pay(secret); // the PaymentIntent takes another card at once (Stripe.js retries on the same one)
    const [failed] = eventsOf(pi, 'payment_intent.payment_failed');
    const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
    await stripe().send([failed!.id]);
    expect(await eventually(() => b.statusOf(id), (s) => s === 'PENDING')).toBe('PENDING');
    await stripe().send([succeeded!.id]);
    expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
    await quiet();
    const attempt = await keptAttempt(id);
    expect(attempt.events.map((e) => e.type).slice(-3)).toEqual(['PaymentFailed', 'PaymentSucceeded', 'PaymentKept']);
    expect(await confirmationsOf(shop.app, id)).toBe(1);
    await exactlyOneMailTo(email);
  });

  it('a late success of the price before a pass was removed is refunded, the order left pending at its new price', async () => {
    const email = 'repriced@example.org';
    const b = await buyer(email);
    // the buyer's pass: a free pass order, confirmed without payment
    const passOrder = (await b.call('POST', `/subscription/${PASS}`)).body.value as string;
    const named = { firstName: 'Ada', lastName: 'Lovelace', email };
    expect((await b.call('POST', `/reservation/${passOrder}/validate-to-overview?lang=en`, { ...named, tickets: {} })).status).toBe(200);
    expect((await b.confirm(passOrder, {})).status).toBe(200);
    const { pin } = ((await b.info(passOrder)).body.subscriptionInfos as { pin: string }[])[0]!;

    const id = await b.toOverview('expo', 2);
    expect((await b.call('POST', `/reservation/${id}/apply-code`, { code: pin, amount: 1, type: 'SUBSCRIPTION' })).body.value).toBe(true);
    expect((await b.info(id)).body.orderSummary.priceInCents).toBe(PRICE);
    const init = await b.init(id, 'CREDIT_CARD');
    const secret = init.body.clientSecret as string;
    // the buyer leaves the card form; Stripe cannot be reached to cancel the PaymentIntent, so it stays payable
    stripe().down();
    expect(await b.abandon(id)).toEqual({ status: 200, body: true });
    stripe().down(false);
    expect((await b.call('DELETE', `/reservation/${id}/remove-code?type=SUBSCRIPTION`)).body).toBe(true);
    expect((await b.info(id)).body.orderSummary.priceInCents).toBe(2 * PRICE);

    // the old card form is submitted after all: the money of the old price arrives
    expect((await pay(secret)).body).toMatchObject({ status: 'succeeded', amount_received: PRICE });
    await quiet();
    const refunds = await eventually(async () => stripe().refunds.filter((r) => r.payment_intent === intentOf(secret)), (r) => r.length > 0);
    expect(refunds.map((r) => r.amount)).toEqual([PRICE]);
    expect(await b.statusOf(id)).toBe('PENDING');
    expect((await b.info(id)).body.orderSummary.priceInCents).toBe(2 * PRICE);
    expect(await confirmationsOf(shop.app, id)).toBe(0);
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.map((e) => e.type).slice(-2)).toEqual(['PaymentSucceeded', 'PaymentRefunded']);
    expect(attempt!.events.at(-1)!.data).toMatchObject({ reason: 'OTHER_TOTAL', amount: PRICE });
  });

  describe('forged webhooks', () => {
    it('refuses a wrong signature, one of 301 s ago, none and a body that is no event with 400, and changes nothing', async () => {
      const email = 'forged@example.org';
      const b = await buyer(email);
      stripe().holdWebhooks();
      const { id, secret, pi } = await cardInFlight(b);
      await pay(secret); // paid at Stripe; its webhook held: we have not heard
      const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
      const payload = succeeded!.payload;
      const now = Math.floor(Date.now() / 1000);

      expect((await postStripe(payload, stripeSignatureHeader(payload, 'whsec_forged'))).status).toBe(400);
      expect((await postStripe(payload, stripeSignatureHeader(payload, WEBHOOK_SECRET, now - 301))).status).toBe(400);
      expect((await postStripe(payload, null)).status).toBe(400);
      expect((await postStripe(payload.replace(`"amount": ${PRICE}`, '"amount": 1'), stripeSignatureHeader(payload, WEBHOOK_SECRET))).status).toBe(400); // bytes changed after signing
      expect((await postStripe('not json', stripeSignatureHeader('not json', WEBHOOK_SECRET))).status).toBe(400);
      await pause(200);
      expect(await b.statusOf(id)).toBe('EXTERNAL_PROCESSING_PAYMENT');
      expect((await attemptLogs(shop.app, id))[0]!.events.map((e) => e.type)).not.toContain('PaymentSucceeded');

      // the very same bytes, signed with the endpoint's secret within the 300 s: taken, once
      expect((await postStripe(payload, stripeSignatureHeader(payload, WEBHOOK_SECRET, now - 299))).status).toBe(200);
      expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
      expect((await postStripe(payload, stripeSignatureHeader(payload, WEBHOOK_SECRET))).status).toBe(200);
      await quiet();
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      await exactlyOneMailTo(email);
    });

    it('refuses a Mollie call naming a payment Mollie does not have, and PayPal events PayPal did not sign', async () => {
      const mollie = await fetch(`${shop.base}/api/payments/mollie/webhook/acme`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'id=tr_Forged12345',
      });
      expect(mollie.status).toBe(400);
      const event = { id: 'WH-FORGED-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'CHF', value: '45.00' } } };
      const headers = {
        'content-type': 'application/json',
        'paypal-transmission-id': 'd2b4e3a0-0000-4000-8000-000000000000',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'Zm9yZ2Vk',
        'paypal-cert-url': `${shop.standIns.urls.paypal}/v1/notifications/certs/CERT-stand-in`,
        'paypal-auth-algo': 'SHA256withRSA',
      };
      const paypal = await fetch(`${shop.base}/api/payments/paypal/webhook/_test`, { method: 'POST', headers, body: JSON.stringify(event) });
      expect(paypal.status).toBe(400);
      const unsigned = await fetch(`${shop.base}/api/payments/paypal/webhook/_test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
      expect(unsigned.status).toBe(400);
    });

    it('answers a provider that is none with 4xx', async () => {
      const response = await fetch(`${shop.base}/api/payments/bitpay/webhook/acme`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([400, 404, 422]).toContain(response.status);
    });
  });

  describe('events of payments this server did not make', () => {
    /** A PaymentIntent made on the same Stripe account by something else (its web shop, its invoices), paid at once. */
    async function paidElsewhere(): Promise<string> {
      const made = await fetch(`${stripe().url}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_stand_in', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          amount: '990',
          currency: 'chf',
          'allowed_payment_method_types[0]': 'card',
          confirm: 'true',
          'payment_method_data[type]': 'card',
          'payment_method_data[card][token]': 'tok_visa',
        }),
      });
      expect(made.status).toBe(200);
      return ((await made.json()) as { id: string }).id;
    }

    it('a PaymentIntent made elsewhere on the account is answered 200 and ignored, not 409 and retried for days', async () => {
      const pi = await paidElsewhere();
      await quiet();
      const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
      expect(succeeded!.deliveries.map((d) => d.status)).toEqual([200]);
    });

    it('one naming an attempt made by another installation is ignored too; one naming our attempt, its PaymentIntent not recorded yet, answers 409', async () => {
      const b = await buyer('not-recorded-yet@example.org');
      const { id } = await cardInFlight(b);
      const [ours] = await attemptLogs(shop.app, id);
      const [template] = eventsOf(await paidElsewhere(), 'payment_intent.succeeded');
      await quiet();
      const naming = (attemptId: string, n: number) => {
        const event = JSON.parse(template!.payload) as { id: string; data: { object: { id: string; metadata: Record<string, string> } } };
        event.id = `${event.id}_${n}`;
        event.data.object.id = `pi_NotRecordedYet${n}`;
        event.data.object.metadata = { attemptId, reservationId: id };
        const payload = JSON.stringify(event);
        return postStripe(payload, stripeSignatureHeader(payload, WEBHOOK_SECRET));
      };

      expect((await naming(crypto.randomUUID(), 1)).status).toBe(200);
      expect((await naming(ours!.attemptId, 2)).status).toBe(409);
      expect(await b.statusOf(id)).toBe('EXTERNAL_PROCESSING_PAYMENT');
      expect((await attemptLogs(shop.app, id))[0]!.events.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentInitiated']);
    });
  });

  describe('PayPal events of orders this server did not make', () => {
    /** An order made on the same PayPal account by something else (its web shop), approved by its buyer. */
    async function approvedElsewhere(customId: string | null): Promise<string> {
      const paypal = shop.standIns.paypal;
      const auth = Buffer.from('stand-in-client:stand-in-secret').toString('base64');
      const token = await fetch(`${paypal.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const unit = { amount: { currency_code: 'CHF', value: '9.90' }, ...(customId ? { custom_id: customId } : {}) };
      const made = await fetch(`${paypal.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [unit] }),
      });
      expect(made.status).toBe(201);
      const { id } = (await made.json()) as { id: string };
      paypal.approve(id);
      await paypal.webhooksDelivered();
      return id;
    }
    const deliveriesOf = (orderId: string) => shop.standIns.paypal.webhooks.filter((d) => d.eventType === 'CHECKOUT.ORDER.APPROVED' && d.body.includes(orderId));

    it('an approved order made elsewhere on the account is answered 200 and left alone: not captured here, not retried for days', async () => {
      const orderId = await approvedElsewhere(null);
      expect(deliveriesOf(orderId).map((d) => d.status)).toEqual([200]);
      expect(shop.standIns.paypal.orders.get(orderId)!.status).toBe('APPROVED');
    });

    it('one naming an attempt of another installation is left alone too', async () => {
      const orderId = await approvedElsewhere(crypto.randomUUID());
      expect(deliveriesOf(orderId).map((d) => d.status)).toEqual([200]);
      expect(shop.standIns.paypal.orders.get(orderId)!.status).toBe('APPROVED');
    });
  });

  it('50 completions of one order at once (force-checks, status polls, webhooks): all 2xx, one ReservationConfirmed, one e-mail', async () => {
    const email = 'rush@example.org';
    const b = await buyer(email);
    stripe().holdWebhooks();
    const { id, secret, pi } = await cardInFlight(b);
    await pay(secret); // paid at Stripe; we have not heard
    const [succeeded] = eventsOf(pi, 'payment_intent.succeeded');
    const payload = succeeded!.payload;

    const calls: Promise<number>[] = [];
    for (let i = 0; i < 50; i++) {
      if (i % 3 === 0) calls.push(b.forceCheck(id).then((a) => a.status));
      else if (i % 3 === 1) calls.push(b.paymentStatus(id, 'CREDIT_CARD').then((a) => a.status));
      else calls.push(postStripe(payload, stripeSignatureHeader(payload, WEBHOOK_SECRET)).then((a) => a.status));
    }
    const statuses = await Promise.all(calls);
    expect(statuses.filter((s) => s < 200 || s >= 300)).toEqual([]);
    await quiet();
    expect(await b.statusOf(id)).toBe('COMPLETE');
    expect(await confirmationsOf(shop.app, id)).toBe(1);
    await exactlyOneMailTo(email);
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.filter((e) => e.type === 'PaymentSucceeded')).toHaveLength(1);
    const tickets = (await b.info(id)).body.ticketsByCategory[0].tickets as { uuid: string }[];
    for (const ticket of tickets) expect(await shop.app.store.readStream(`ticket-${ticket.uuid}`)).toHaveLength(1);
  });

  describe('money of another amount', () => {
    it('a Stripe payment of another amount never completes the order: it is pending again, the attempt flagged', async () => {
      const email = 'mismatch@example.org';
      const b = await buyer(email);
      const { id, secret, pi } = await cardInFlight(b);
      // the PaymentIntent was changed at the provider after we made it (Stripe's dashboard, a bug of ours)
      (stripe().payments.get(pi) as { amount: number }).amount = PRICE - 100;
      expect((await pay(secret)).body).toMatchObject({ status: 'succeeded', amount_received: PRICE - 100 });
      await quiet();
      expect(await eventually(() => b.statusOf(id), (s) => s !== 'EXTERNAL_PROCESSING_PAYMENT')).toBe('PENDING');
      expect(await b.forceCheck(id)).toMatchObject({ status: 404 }); // nothing in flight any more
      expect(await b.paymentStatus(id, 'CREDIT_CARD')).toMatchObject({ status: 200, body: { success: false, failure: true } });
      const [attempt] = await attemptLogs(shop.app, id);
      expect(attempt!.events.map((e) => e.type)).toEqual(['PaymentRequested', 'PaymentInitiated', 'PaymentAmountMismatched']);
      expect(attempt!.events.at(-1)!.data).toMatchObject({ expectedAmount: PRICE, reportedAmount: PRICE - 100, expectedCurrency: 'CHF', reportedCurrency: 'CHF' });
      expect(await confirmationsOf(shop.app, id)).toBe(0);
      expect(mailsTo(email)).toHaveLength(0);
      // confirming the overview does not take it for paid either
      expect((await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD' })).status).toBe(422);
      expect(await confirmationsOf(shop.app, id)).toBe(0);
    });

    it('a Mollie payment of another amount back from the checkout page lands on the overview, not success', async () => {
      const b = await buyer('mismatch-mollie@example.org');
      const id = await b.toOverview('expo');
      const confirmed = await b.confirm(id, { paymentProxy: 'MOLLIE', selectedPaymentMethod: 'IDEAL' });
      const url = confirmed.body.value.redirectUrl as string;
      const payment = shop.standIns.mollie.payments.get(url.split('/').at(-1)!)!;
      (payment as { amount: { currency: string; value: string } }).amount = { currency: 'CHF', value: '0.45' };
      const hops = await pressOnPage(url, 'Continue', { status: 'paid' });
      expect(hops.find((h) => h.url.includes('/api/payments/return/'))!.location).toBe(pageOf('expo', id, 'overview'));
      await shop.standIns.mollie.flushWebhooks();
      await pause(200);
      expect(await b.statusOf(id)).toBe('PENDING');
      expect(await confirmationsOf(shop.app, id)).toBe(0);
    });
  });
});
