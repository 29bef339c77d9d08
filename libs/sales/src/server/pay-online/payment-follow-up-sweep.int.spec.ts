import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher } from '@ticketing/testing/app';
import { PaymentFollowUpSweep } from './payment-follow-up-sweep.js';
import {
  attemptLogs,
  buyerOf,
  confirmationsOf,
  confirmCardAsStripeJs,
  eventually,
  givenCatalog,
  intentOf,
  pause,
  PRICE,
  startPaymentShop,
  type Buyer,
  type PaymentShop,
} from './pay-online.fixtures.js';

/**
 * Payments audit 1: money taken for an order that did not take it is refunded even when its one in-process
 * follow-up never ran (the process stopped after the attempt's success was appended) or its refund was refused:
 * the follow-up sweep settles it, exactly once, and waits longer after each refusal.
 */
describe('the follow-up sweep: money no order kept is refunded, once', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const stripe = () => shop.standIns.stripe;
  const sweep = () => shop.app.app.get(PaymentFollowUpSweep).run();
  const pay = (secret: string) => confirmCardAsStripeJs(stripe().url, secret, '4242424242424242', `${shop.base}/back`);
  const refundsOf = (secret: string) => stripe().refunds.filter((r) => r.payment_intent === intentOf(secret));
  /** The clock moves `minutes` on (from where an earlier call left it). */
  const later = (minutes: number) => {
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + minutes * 60_000);
  };
  /** Waits until the order's `n`th attempt is recorded as kept (its follow-up ends with it, after the e-mail). */
  const keptBy = async (id: string, n: number) => {
    const last = async () => (await attemptLogs(shop.app, id))[n]!.events.at(-1)!.type;
    expect(await eventually(last, (type) => type === 'PaymentKept')).toBe('PaymentKept');
  };
  const quiet = async () => {
    await stripe().webhooksDelivered();
    await pause(250);
  };

  /**
   * An order paid by its second card attempt while the first one, abandoned but never cancelled at Stripe (Stripe
   * was down), is paid afterwards in an old tab; Stripe's webhooks of that payment are held. Answers the order and
   * the first attempt's client secret.
   */
  async function paidTwice(b: Buyer): Promise<{ id: string; first: string; attemptId: string }> {
    const id = await b.toOverview('fair');
    const first = (await b.init(id, 'CREDIT_CARD')).body.clientSecret as string;
    stripe().down();
    expect(await b.abandon(id)).toEqual({ status: 200, body: true });
    stripe().down(false);
    const second = (await b.init(id, 'CREDIT_CARD')).body.clientSecret as string;
    expect(intentOf(second)).not.toBe(intentOf(first));
    expect((await pay(second)).body.status).toBe('succeeded');
    await quiet();
    expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
    await keptBy(id, 1);
    stripe().holdWebhooks();
    expect((await pay(first)).body).toMatchObject({ status: 'succeeded', amount_received: PRICE });
    const [attempt] = await attemptLogs(shop.app, id);
    return { id, first, attemptId: attempt!.attemptId };
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    await givenCatalog(shop.app, [{ shortName: 'fair', proxies: ['STRIPE'] }]);
  });

  afterEach(async () => {
    vi.useRealTimers();
    stripe().down(false);
    await stripe().releaseWebhooks();
    await quiet();
  });

  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  it('a success appended by a process that stopped before its follow-up is refunded by the sweep, once', async () => {
    const b = await buyerOf(shop.app, 'stopped@example.org');
    const { id, first, attemptId } = await paidTwice(b);
    // what PaymentAttempts appends for the held webhook; the process stops before PaymentAttemptSettled is published
    await shop.app.given(`payment-${attemptId}`, [
      {
        type: 'PaymentSucceeded',
        data: { attemptId, providerReference: intentOf(first), amount: PRICE, currency: 'CHF', notificationId: null },
        metadata: { correlationId: id, causationId: id, occurredAt: new Date().toISOString(), actor: 'system:stripe-webhook' },
      },
    ]);
    expect(await sweep()).toBe(0); // its follow-up may still be running: left a minute
    expect(refundsOf(first)).toEqual([]);

    later(2);
    const followed = await Promise.all([sweep(), sweep()]); // two processes at once: one sweeps
    expect(followed.sort()).toEqual([0, 1]);
    expect(refundsOf(first).map((r) => r.amount)).toEqual([PRICE]);
    // Stripe's webhook of that payment, late, and the sweep again: nothing more
    await stripe().releaseWebhooks();
    await quiet();
    expect(await sweep()).toBe(0);
    later(60);
    expect(await sweep()).toBe(0);
    expect(refundsOf(first)).toHaveLength(1);
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.filter((e) => e.type === 'PaymentRefunded')).toHaveLength(1);
    expect(await b.statusOf(id)).toBe('COMPLETE');
    expect(await confirmationsOf(shop.app, id)).toBe(1);
  });

  it('a refund Stripe refused is flagged, tried again after a wait that doubles, and made once', async () => {
    const b = await buyerOf(shop.app, 'refused@example.org');
    const { id, first } = await paidTwice(b);
    stripe().down(); // the refund's call fails (stripe-node's retry too)
    await stripe().releaseWebhooks();
    await quiet();
    const flags = async () => (await attemptLogs(shop.app, id))[0]!.events.filter((e) => e.type === 'PaymentFlagged').length;
    expect(await eventually(flags, (n) => n === 1)).toBe(1);
    expect(refundsOf(first)).toEqual([]);

    later(3); // one refusal: tried again after two minutes, and refused again
    expect(await sweep()).toBe(1);
    expect(await flags()).toBe(2);
    later(3); // two refusals: not before four minutes
    expect(await sweep()).toBe(0);
    stripe().down(false);
    later(2);
    expect(await sweep()).toBe(1);
    expect(refundsOf(first).map((r) => r.amount)).toEqual([PRICE]);
    later(24 * 60);
    expect(await sweep()).toBe(0);
    expect(refundsOf(first)).toHaveLength(1);
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.map((e) => e.type).slice(-4)).toEqual(['PaymentSucceeded', 'PaymentFlagged', 'PaymentFlagged', 'PaymentRefunded']);
    expect(attempt!.events.slice(-3).map((e) => e.data)).toMatchObject([
      { reason: 'REFUND_REFUSED', refundReason: 'DUPLICATE' },
      { reason: 'REFUND_REFUSED', refundReason: 'DUPLICATE' },
      { reason: 'DUPLICATE' },
    ]);
    expect(await b.statusOf(id)).toBe('COMPLETE');
    expect(await confirmationsOf(shop.app, id)).toBe(1);
  });

  it('an attempt refused for weeks is still tried (the wait stays at its cap) and never stops the sweep', async () => {
    const b = await buyerOf(shop.app, 'weeks@example.org');
    const { id, first } = await paidTwice(b);
    stripe().down();
    await stripe().releaseWebhooks();
    await quiet();
    const flags = async () => (await attemptLogs(shop.app, id))[0]!.events.filter((e) => e.type === 'PaymentFlagged').length;
    expect(await eventually(flags, (n) => n === 1)).toBe(1);
    // as after 40 refusals, a month of them: 2^40 minutes is past what an interval can hold
    await shop.app.db.query(`update payments_attempts set refund_refusals = 40 where status = 'SUCCEEDED' and not kept and not refunded`);
    later(16 * 60);
    expect(await sweep()).toBe(0); // not yet: the wait is 1,024 minutes at most
    stripe().down(false);
    later(2 * 60);
    expect(await sweep()).toBe(1);
    expect(refundsOf(first).map((r) => r.amount)).toEqual([PRICE]);
  });

  it('money that paid its order is kept: never refunded by the sweep', async () => {
    const b = await buyerOf(shop.app, 'kept@example.org');
    const id = await b.toOverview('fair');
    const secret = (await b.init(id, 'CREDIT_CARD')).body.clientSecret as string;
    await pay(secret);
    await quiet();
    expect(await eventually(() => b.statusOf(id), (s) => s === 'COMPLETE')).toBe('COMPLETE');
    await keptBy(id, 0);
    later(60);
    expect(await sweep()).toBe(0);
    const [attempt] = await attemptLogs(shop.app, id);
    expect(attempt!.events.map((e) => e.type).slice(-2)).toEqual(['PaymentSucceeded', 'PaymentKept']);
    expect(refundsOf(secret)).toEqual([]);
  });
});
