import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFor } from '@ticketing/i18n';
import type { EventStore } from '@ticketing/event-store';
import { OnlinePayments } from '@ticketing/payments/contracts';
import { startMailCatcher } from '@ticketing/testing/app';
import { ReservationFinalizer } from '../finalize-reservation/reservation-finalizer.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { PassIssuance } from '../purchase-context/pass-issuance.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { OnlineCheckout } from './online-checkout.js';
import {
  attemptLogs,
  buyerOf,
  confirmationsOf,
  confirmCardAsStripeJs,
  eventually,
  givenCatalog,
  mailboxOf,
  intentOf,
  pause,
  pressOnPage,
  PRICE,
  reservationLog,
  startPaymentShop,
  type PaymentShop,
} from './pay-online.fixtures.js';

/**
 * Issue 13, card payments: the methods an order offers, Stripe with 3-D Secure (init, the card confirmed from the
 * browser, the bank's page, the webhook completing the order), a declined card and the retry, Stripe's card tokens
 * charged at once, and the calls' answers to bad input. Everything through the HTTP API and the Stripe stand-in.
 */
describe('card payments (Stripe stand-in)', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const { mailsTo } = mailboxOf(() => catcher);
  const stripeUrl = () => shop.standIns.urls.stripe;
  const returnUrl = (shortName: string, id: string) => `${shop.base}/event/${shortName}/reservation/${id}/processing-payment`;
  const buyer = (email: string) => buyerOf(shop.app, email);

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    await givenCatalog(shop.app, [
      { shortName: 'concert', proxies: ['STRIPE', 'MOLLIE', 'PAYPAL', 'SAFERPAY'] },
      { shortName: 'mollie-first', proxies: ['MOLLIE', 'STRIPE', 'PAYPAL', 'SAFERPAY'] },
      { shortName: 'quick-gig', proxies: ['STRIPE'], validityMinutes: 2 },
      { shortName: 'token-gig', organizerSlug: 'plain', proxies: ['STRIPE'] },
      { shortName: 'mixed', proxies: ['STRIPE', 'OFFLINE', 'ON_SITE'] },
    ]);
  });

  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  describe('activePaymentMethods', () => {
    it('lists each method of the organizer accounts once, with the client parameters of its provider', async () => {
      const b = await buyer('methods@example.org');
      const id = await b.toOverview('concert');
      const { body } = await b.info(id);
      expect(body.activePaymentMethods).toEqual({
        CREDIT_CARD: {
          paymentProxy: 'STRIPE',
          parameters: { stripe_p_key: 'pk_test_stand_in', enableSCA: true, platformMode: false, stripeConnectedAccount: null, testMode: true, apiBase: stripeUrl() },
        },
        IDEAL: { paymentProxy: 'MOLLIE', parameters: { testMode: true } },
        PAYPAL: { paymentProxy: 'PAYPAL', parameters: { testMode: true } },
        TWINT: { paymentProxy: 'SAFERPAY', parameters: { testMode: true } },
      });
      expect(body).toMatchObject({ status: 'PENDING', tokenAcquired: false, lastPaymentFailure: null, orderSummary: { priceInCents: PRICE } });
    });

    it('gives a method to the first allowed proxy that takes it (Mollie before Stripe: the card is Mollie\'s)', async () => {
      const b = await buyer('mollie-first@example.org');
      const { body } = await b.info(await b.toOverview('mollie-first'));
      expect(body.activePaymentMethods.CREDIT_CARD).toEqual({ paymentProxy: 'MOLLIE', parameters: { testMode: true } });
      expect(body.activePaymentMethods.IDEAL.paymentProxy).toBe('MOLLIE');
      expect(Object.keys(body.activePaymentMethods).sort()).toEqual(['CREDIT_CARD', 'IDEAL', 'PAYPAL', 'TWINT']);
    });

    it('says when the organizer\'s Stripe account takes card tokens without SCA', async () => {
      const b = await buyer('plain-methods@example.org');
      const { body } = await b.info(await b.toOverview('token-gig'));
      expect(body.activePaymentMethods).toEqual({
        CREDIT_CARD: { paymentProxy: 'STRIPE', parameters: expect.objectContaining({ stripe_p_key: 'pk_test_stand_in', enableSCA: false, testMode: true }) },
      });
    });
  });

  describe('a card with 3-D Secure', () => {
    const email = 'sca@example.org';
    let id: string;
    let clientSecret: string;

    it('init answers the client secret and the order waits for the provider, its token acquired', async () => {
      const b = await buyer(email);
      id = await b.toOverview('concert');
      const init = await b.init(id, 'CREDIT_CARD');
      expect(init.status).toBe(200);
      expect(init.body).toMatchObject({ paymentMethod: 'CREDIT_CARD', paymentProvider: 'STRIPE', errorMessage: null, reservationStatusChanged: false });
      clientSecret = init.body.clientSecret;
      expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
      expect(shop.standIns.stripe.payments.get(intentOf(clientSecret))).toMatchObject({ amount: PRICE, currency: 'chf', status: 'requires_payment_method' });
      const { body } = await b.info(id);
      expect(body).toMatchObject({ status: 'EXTERNAL_PROCESSING_PAYMENT', tokenAcquired: true, paymentProxy: 'STRIPE' });
      expect(body.validity).toBeGreaterThan(Date.now() + 29 * 60_000); // the seats are held for the payment window

      // a second init (a reload) resumes the same PaymentIntent
      expect((await b.init(id, 'CREDIT_CARD')).body.clientSecret).toBe(clientSecret);
      expect(await b.paymentStatus(id, 'CREDIT_CARD')).toMatchObject({ status: 200, body: { success: false, failure: false, gatewayIdOrNull: intentOf(clientSecret) } });
    });

    it('the browser confirms the card, the bank asks for 3-D Secure, and the webhook completes the order once', async () => {
      const b = await buyer(email);
      const confirmed = await confirmCardAsStripeJs(stripeUrl(), clientSecret, '4000002500003155', returnUrl('concert', id));
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
      expect(await b.statusOf(id)).toBe('EXTERNAL_PROCESSING_PAYMENT');

      const hops = await pressOnPage(confirmed.body.next_action.redirect_to_url.url, 'Complete authentication');
      expect(hops[0]).toMatchObject({ status: 303, location: expect.stringContaining(`${returnUrl('concert', id)}?payment_intent=${intentOf(clientSecret)}`) });
      await shop.standIns.stripe.webhooksDelivered();

      expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
      expect(await eventually(async () => mailsTo(email).length, (n) => n >= 1)).toBe(1);
      const { body } = await b.info(id);
      expect(body).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'STRIPE', tokenAcquired: false });
      const tickets = body.ticketsByCategory[0].tickets as { uuid: string; acquired: boolean }[];
      expect(tickets.map((t) => t.acquired)).toEqual([true]);
      expect((await shop.app.store.readStream(`ticket-${tickets[0]!.uuid}`)).map((e) => [e.type, e.data.status])).toEqual([['TicketIssued', 'ACQUIRED']]);
      expect(await b.paymentStatus(id, 'CREDIT_CARD')).toMatchObject({ status: 200, body: { success: true, failure: false } });
      expect(mailsTo(email)[0]!.text).toContain(id.slice(0, 8).toUpperCase());
    });

    it('then confirming the overview answers success and changes nothing', async () => {
      const b = await buyer(email);
      const log = await reservationLog(shop.app, id);
      const confirmed = await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD' });
      expect(confirmed).toMatchObject({ status: 200, body: { success: true, value: { success: true, redirect: false } } });
      expect(await reservationLog(shop.app, id)).toEqual(log);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      await pause(200);
      expect(mailsTo(email)).toHaveLength(1);
    });
  });

  describe('a double click (two calls on one order at once)', () => {
    const intentsCreated = () => shop.standIns.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.status === 200 && !r.replayed).length;

    it('two inits open one PaymentIntent: the second resumes the first\'s attempt, neither answers 5xx', async () => {
      const b = await buyer('double-init@example.org');
      const id = await b.toOverview('concert');
      const before = intentsCreated();
      const [one, two] = await Promise.all([b.init(id, 'CREDIT_CARD'), b.init(id, 'CREDIT_CARD')]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.body).toMatchObject({ reservationStatusChanged: false, errorMessage: null });
      expect(two.body).toMatchObject({ reservationStatusChanged: false, errorMessage: null });
      expect(two.body.clientSecret).toBe(one.body.clientSecret);
      expect(intentsCreated() - before).toBe(1);
      const attempts = await attemptLogs(shop.app, id);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]!.events.at(-1)!.type).toBe('PaymentInitiated');
      expect((await b.info(id)).body).toMatchObject({ status: 'EXTERNAL_PROCESSING_PAYMENT', tokenAcquired: true });
    });

    it('a call that decided on the order before the other call started its attempt resumes that attempt, not a second one', async () => {
      const b = await buyer('double-init-interleaved@example.org');
      const id = await b.toOverview('concert');
      const before = intentsCreated();
      // the interleaving made certain: this call has loaded the order (PENDING, nothing in flight) when the other
      // click's init runs to its end (PaymentStarted appended, the PaymentIntent created); then this call goes on
      const real = shop.app.app.get(PurchaseOffers);
      let other: Awaited<ReturnType<typeof b.init>> | null = null;
      const racing: PurchaseOffers = Object.assign(Object.create(real) as PurchaseOffers, {
        forReservation: async (...args: Parameters<PurchaseOffers['forReservation']>) => {
          other ??= await b.init(id, 'CREDIT_CARD');
          return real.forReservation(...args);
        },
      });
      const get = <T,>(token: unknown) => shop.app.app.get<T>(token as string);
      const checkout = new OnlineCheckout(
        get<SalesOptions>(SALES_OPTIONS),
        get<EventStore>(SALES_EVENT_STORE),
        racing,
        get<PassIssuance>(PassIssuance),
        get<OnlinePayments>(OnlinePayments),
        get<InventoryDesk>(InventoryDesk),
        get<ReservationFinalizer>(ReservationFinalizer),
        get<ReservationLog>(ReservationLog),
      );
      const step = await checkout.pay({ reservationId: id, proxy: 'STRIPE', method: 'CREDIT_CARD', gatewayToken: null, origin: 'init', actor: 'buyer' });
      expect(other!.status).toBe(200);
      expect(step).toEqual({ kind: 'confirm-card', clientSecret: other!.body.clientSecret, attemptId: expect.any(String) });
      expect(intentsCreated() - before).toBe(1);
      expect(await attemptLogs(shop.app, id)).toHaveLength(1);
    });

    it('two confirms with a redirect method open one provider payment, both answers lead to its page', async () => {
      const b = await buyer('double-confirm@example.org');
      const id = await b.toOverview('concert');
      const created = () => shop.standIns.mollie.payments.size;
      const before = created();
      const form = { paymentProxy: 'MOLLIE', selectedPaymentMethod: 'IDEAL' };
      const [one, two] = await Promise.all([b.confirm(id, form), b.confirm(id, form)]);
      expect([one.status, two.status], JSON.stringify([one.body, two.body])).toEqual([200, 200]);
      const attempts = await attemptLogs(shop.app, id);
      expect(attempts).toHaveLength(1);
      for (const answer of [one, two]) {
        expect(answer.body).toMatchObject({ success: true, value: { redirect: true, gatewayIdOrNull: attempts[0]!.attemptId } });
      }
      expect(two.body.value.redirectUrl).toBe(one.body.value.redirectUrl);
      expect(created() - before).toBe(1);
    });
  });

  describe('a declined card', () => {
    const email = 'declined@example.org';
    let id: string;
    let first: string;

    it('fails the payment: the order is pending again with the provider\'s words and ten minutes at least', async () => {
      const b = await buyer(email);
      id = await b.toOverview('quick-gig'); // a two-minute reservation: the ten minutes are the rule's, not the hold's
      first = (await b.init(id, 'CREDIT_CARD')).body.clientSecret;
      const declined = await confirmCardAsStripeJs(stripeUrl(), first, '4000000000000002', returnUrl('quick-gig', id));
      expect(declined.status).toBe(402);
      expect(declined.body.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
      await shop.standIns.stripe.webhooksDelivered();

      expect(await eventually(() => b.statusOf(id), (s) => s === 'PENDING')).toBe('PENDING');
      const { body } = await b.info(id);
      expect(body).toMatchObject({ status: 'PENDING', tokenAcquired: false, lastPaymentFailure: { code: 'card_declined', message: 'Your card was declined.' } });
      expect(body.validity).toBeGreaterThanOrEqual(Date.now() + 10 * 60_000 - 5_000);
      expect(await b.paymentStatus(id, 'CREDIT_CARD')).toMatchObject({ status: 200, body: { success: false, failure: true } });
      // confirming the overview with no card in flight says why the last one failed, in the buyer's language
      const confirm = await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD' });
      expect(confirm.status).toBe(422);
      expect(confirm.body.validationErrors).toEqual([{ fieldName: 'paymentForm', code: 'error.STEP_2_PAYMENT_PROCESSING_ERROR', arguments: { 0: 'The card was declined.' } }]);
      expect((await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD' }, 'de')).body.validationErrors[0].arguments).toEqual({ 0: 'Die Karte wurde abgelehnt.' });
      expect(await confirmationsOf(shop.app, id)).toBe(0);
    });

    it('a new init makes a new PaymentIntent (its own idempotency key), and a good card then pays', async () => {
      const b = await buyer(email);
      const init = await b.init(id, 'CREDIT_CARD');
      expect(init.body).toMatchObject({ paymentProvider: 'STRIPE', reservationStatusChanged: false });
      const second = init.body.clientSecret as string;
      expect(intentOf(second)).not.toBe(intentOf(first));
      const creations = shop.standIns.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.status === 200 && !r.replayed);
      const keys = creations.map((r) => r.idempotencyKey);
      expect(new Set(keys).size).toBe(keys.length);
      const attempts = await attemptLogs(shop.app, id);
      expect(attempts).toHaveLength(2);
      expect(attempts.map((a) => a.events.at(-1)!.type)).toEqual(['PaymentFailed', 'PaymentInitiated']);
      expect(attempts[0]!.events[0]!.data.idempotencyKey).not.toBe(attempts[1]!.events[0]!.data.idempotencyKey);
      expect((await b.info(id)).body).toMatchObject({ status: 'EXTERNAL_PROCESSING_PAYMENT', lastPaymentFailure: null });

      const paid = await confirmCardAsStripeJs(stripeUrl(), second, '4242424242424242', returnUrl('quick-gig', id));
      expect(paid.body.status).toBe('succeeded');
      await shop.standIns.stripe.webhooksDelivered();
      expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      expect(await eventually(async () => mailsTo(email).length, (n) => n >= 1)).toBe(1);
      // the failed PaymentIntent was never charged: nothing to refund
      expect(shop.standIns.stripe.refunds).toEqual([]);
    });
  });

  describe('a way to pay without a provider chosen after a card payment was started', () => {
    const stripe = () => shop.standIns.stripe;
    /** The buyer started paying by card (init) and then chose another way on the overview. */
    async function cardStarted(email: string) {
      const b = await buyer(email);
      const id = await b.toOverview('mixed');
      const secret = (await b.init(id, 'CREDIT_CARD')).body.clientSecret as string;
      expect(await b.statusOf(id)).toBe('EXTERNAL_PROCESSING_PAYMENT');
      return { b, id, secret, pi: intentOf(secret) };
    }
    const lastAttemptEvent = async (id: string) => (await attemptLogs(shop.app, id)).at(-1)!.events.at(-1)!;

    it('bank transfer while the card was never confirmed: the card payment is cancelled and the transfer awaited, in the same call', async () => {
      const { b, id, pi } = await cardStarted('card-then-transfer@example.org');
      const confirmed = await b.confirm(id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' });
      expect(confirmed).toMatchObject({ status: 200, body: { success: true, value: { success: true, redirect: false } } });
      expect((await b.info(id)).body).toMatchObject({ status: 'OFFLINE_PAYMENT', paymentProxy: 'OFFLINE', tokenAcquired: false });
      expect(await lastAttemptEvent(id)).toMatchObject({ type: 'PaymentAbandoned', data: { reason: 'NEW_ATTEMPT' } });
      expect(stripe().payments.get(pi)!.status).toBe('canceled');
      expect(await confirmationsOf(shop.app, id)).toBe(1);
    });

    it('on site after the card was declined, its webhook not in yet: the decline is read from Stripe, the order completes on site, no card error', async () => {
      stripe().holdWebhooks();
      try {
        const { b, id, secret } = await cardStarted('declined-then-on-site@example.org');
        expect((await confirmCardAsStripeJs(stripeUrl(), secret, '4000000000000002', returnUrl('mixed', id))).status).toBe(402);
        const confirmed = await b.confirm(id, { paymentProxy: 'ON_SITE', selectedPaymentMethod: 'ON_SITE' });
        expect(confirmed, JSON.stringify(confirmed.body)).toMatchObject({ status: 200, body: { success: true, value: { redirect: false } } });
        expect((await b.info(id)).body).toMatchObject({ status: 'COMPLETE', paymentProxy: 'ON_SITE', orderSummary: { notYetPaid: true } });
        expect(await lastAttemptEvent(id)).toMatchObject({ type: 'PaymentFailed' });
        await stripe().releaseWebhooks(); // the decline's own word, late: changes nothing
        await pause(200);
        expect(await b.statusOf(id)).toBe('COMPLETE');
        expect(await confirmationsOf(shop.app, id)).toBe(1);
      } finally {
        await stripe().releaseWebhooks();
      }
    });

    it('keeps a card the provider is confirming, and completes with a card that paid: neither is given up for the transfer', async () => {
      stripe().holdWebhooks();
      try {
        const processing = await cardStarted('processing-then-transfer@example.org');
        stripe().advance(processing.pi, 'processing');
        const answer = await processing.b.confirm(processing.id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' });
        expect(answer).toMatchObject({ status: 200, body: { success: true, value: { redirect: false } } });
        expect(await processing.b.statusOf(processing.id)).toBe('WAITING_EXTERNAL_CONFIRMATION');
        expect(await lastAttemptEvent(processing.id)).toMatchObject({ type: 'PaymentProcessing' });

        const paid = await cardStarted('paid-then-transfer@example.org');
        expect((await confirmCardAsStripeJs(stripeUrl(), paid.secret, '4242424242424242', returnUrl('mixed', paid.id))).body.status).toBe('succeeded');
        expect((await paid.b.confirm(paid.id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' })).status).toBe(200);
        expect((await paid.b.info(paid.id)).body).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'STRIPE' });
        expect(stripe().refunds.filter((r) => r.payment_intent === paid.pi)).toEqual([]);
      } finally {
        await stripe().releaseWebhooks();
      }
    });
  });

  describe('a card token charged at once (Stripe without SCA)', () => {
    it('completes the order from the confirm call', async () => {
      const email = 'token@example.org';
      const b = await buyer(email);
      const id = await b.toOverview('token-gig');
      const confirmed = await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', gatewayToken: 'tok_visa' });
      expect(confirmed).toMatchObject({ status: 200, body: { success: true, value: { success: true, redirect: false, redirectUrl: null } } });
      const { body } = await b.info(id);
      expect(body).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'STRIPE' });
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      // the webhook of the charge may race the confirm call: whichever completes the order sends the one e-mail
      expect(await eventually(async () => mailsTo(email).length, (n) => n >= 1)).toBe(1);
      const [attempt] = await attemptLogs(shop.app, id);
      expect(shop.standIns.stripe.payments.get(attempt!.events.find((e) => e.type === 'PaymentSucceeded')!.data.providerReference)).toMatchObject({ status: 'succeeded', amount_received: PRICE });
      // Stripe's webhook of the same payment arrives afterwards and changes nothing
      await shop.standIns.stripe.webhooksDelivered();
      await pause(200);
      expect(await confirmationsOf(shop.app, id)).toBe(1);
      expect(mailsTo(email)).toHaveLength(1);
    });

    it('answers a declined token with 422 STEP_2_PAYMENT_PROCESSING_ERROR and the provider\'s reason in the buyer\'s language; the order is pending', async () => {
      const b = await buyer('token-declined@example.org');
      const id = await b.toOverview('token-gig');
      const confirmed = await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', gatewayToken: 'tok_chargeDeclined' }, 'it');
      expect(confirmed.status).toBe(422);
      expect(confirmed.body).toMatchObject({
        success: false,
        validationErrors: [{ fieldName: 'paymentForm', code: 'error.STEP_2_PAYMENT_PROCESSING_ERROR', arguments: { 0: bundleFor('it')['error.STEP2_STRIPE_card_declined'] } }],
      });
      expect((await b.info(id)).body).toMatchObject({ status: 'PENDING', lastPaymentFailure: { message: 'Your card was declined.' } });
      // and a good token afterwards pays
      expect((await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', gatewayToken: 'tok_visa' })).status).toBe(200);
      expect(await b.statusOf(id)).toBe('COMPLETE');
    });
  });

  describe('bad input', () => {
    const unknown = '3b241101-e2bb-4255-8caf-4136c566a962';

    it('refuses a method that is not one with 400 naming it (reference 24/25), and one no provider takes with 404, never a 5xx', async () => {
      const b = await buyer('bad-input@example.org');
      const id = await b.toOverview('concert');
      const notAMethod = await b.init(id, 'BITCOIN');
      expect(notAMethod.status).toBe(400);
      expect(notAMethod.body).toMatchObject({ success: false, validationErrors: [{ fieldName: 'method', code: 'error.restrictedValue', arguments: null }] });
      for (const method of ['ALIPAY', 'BANK_TRANSFER', 'NONE']) expect((await b.init(id, method)).status, method).toBe(404);
      expect((await b.paymentStatus(id, 'bitcoin')).status).toBe(400);
      expect(await b.statusOf(id)).toBe('PENDING');
    });

    it('answers init of a method only a redirect provider takes with 404 (reference 24: no server-initiated transaction), starting no payment', async () => {
      const b = await buyer('init-redirect-method@example.org');
      const id = await b.toOverview('concert');
      const mollieBefore = shop.standIns.mollie.payments.size;
      const paypalBefore = shop.standIns.paypal.orders.size;
      for (const method of ['IDEAL', 'PAYPAL', 'TWINT']) expect((await b.init(id, method)).status, method).toBe(404);
      // where the card is Mollie's, the card method too
      const mollieCard = await b.toOverview('mollie-first');
      expect((await b.init(mollieCard, 'CREDIT_CARD')).status).toBe(404);
      for (const order of [id, mollieCard]) {
        expect(await b.statusOf(order)).toBe('PENDING');
        expect(await reservationLog(shop.app, order)).not.toContain('PaymentStarted');
      }
      expect(shop.standIns.mollie.payments.size).toBe(mollieBefore);
      expect(shop.standIns.paypal.orders.size).toBe(paypalBefore);
      // and the legacy alias alike
      const headers = { cookie: `ALFIO_SESSION=${b.headers['x-auth-token']}`, 'x-csrf-token': b.headers['x-csrf-token'] };
      expect((await shop.app.inject({ method: 'POST', url: `/api/reservation/${id}/payment/IDEAL/init`, headers })).statusCode).toBe(404);
    });

    it('answers the legacy aliases (reference 52/53) alike: 400 for a method that is not one or an unknown reservation', async () => {
      const b = await buyer('legacy@example.org');
      const id = await b.toOverview('concert');
      // outside /api/v2/public the session travels in its cookie
      const headers = { cookie: `ALFIO_SESSION=${b.headers['x-auth-token']}`, 'x-csrf-token': b.headers['x-csrf-token'] };
      const legacy = (method: 'GET' | 'POST', url: string) => shop.app.inject({ method, url, headers });
      expect((await legacy('POST', `/api/reservation/${id}/payment/BITCOIN/init`)).statusCode).toBe(400);
      expect((await legacy('POST', `/api/events/concert/reservation/${id}/payment/BITCOIN/init`)).statusCode).toBe(400);
      expect((await legacy('GET', `/api/reservation/${id}/payment/BITCOIN/status`)).statusCode).toBe(400);
      expect((await legacy('GET', `/api/events/concert/reservation/${id}/payment/BITCOIN/status`)).statusCode).toBe(400);
      expect((await legacy('POST', `/api/reservation/${unknown}/payment/CREDIT_CARD/init`)).statusCode).toBe(400);
      expect((await legacy('POST', `/api/reservation/${id}/payment/BANK_TRANSFER/init`)).statusCode).toBe(404);
    });

    it('answers init of an unknown reservation with 400 text/plain (reference 24), status with 404, and a malformed id with 422', async () => {
      const b = await buyer('unknown@example.org');
      const init = await shop.app.inject({ method: 'POST', url: `/api/v2/public/reservation/${unknown}/payment/CREDIT_CARD/init`, headers: b.headers });
      expect(init.statusCode).toBe(400);
      expect(String(init.headers['content-type'])).toMatch(/^text\/plain/);
      expect(init.body).toBe('Passed reservationId does not exist.');
      expect((await b.paymentStatus(unknown, 'CREDIT_CARD')).status).toBe(404);
      expect((await b.forceCheck(unknown)).status).toBe(404);
      expect((await b.init('not-a-uuid', 'CREDIT_CARD')).status).toBe(422);
      const back = await shop.app.inject({ method: 'GET', url: `/api/payments/return/${unknown}` });
      expect(back.statusCode).toBe(404);
    });

    it('answers false to DELETE payment and DELETE payment/token with nothing in flight, 404 to status and force-check', async () => {
      const b = await buyer('nothing-in-flight@example.org');
      const id = await b.toOverview('concert');
      expect(await b.abandon(id)).toEqual({ status: 200, body: false });
      expect(await b.removeToken(id)).toEqual({ status: 200, body: false });
      expect(await b.abandon(unknown)).toEqual({ status: 200, body: false });
      expect((await b.paymentStatus(id, 'CREDIT_CARD')).status).toBe(404);
      expect((await b.forceCheck(id)).status).toBe(404);
    });

    it('tells init that a reservation not yet validated cannot pay (reservationStatusChanged), without starting a payment', async () => {
      const b = await buyer('not-validated@example.org');
      const id = (await b.reserve('concert')).body.value as string;
      const init = await b.init(id, 'CREDIT_CARD');
      expect(init).toMatchObject({ status: 200, body: { clientSecret: null, reservationStatusChanged: true, errorMessage: expect.any(String) } });
      expect(await reservationLog(shop.app, id)).not.toContain('PaymentStarted');
    });

    it('lets the buyer drop a card in flight: DELETE payment cancels it at Stripe and the order is pending again', async () => {
      const b = await buyer('drop@example.org');
      const id = await b.toOverview('concert');
      const secret = (await b.init(id, 'CREDIT_CARD')).body.clientSecret as string;
      expect(await b.abandon(id)).toEqual({ status: 200, body: true });
      expect((await b.info(id)).body).toMatchObject({ status: 'PENDING', tokenAcquired: false, lastPaymentFailure: null });
      expect(shop.standIns.stripe.payments.get(intentOf(secret))!.status).toBe('canceled');
      expect(await b.abandon(id)).toEqual({ status: 200, body: false });
    });
  });
});
