import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_CREDENTIALS, type StandInUrls } from '@ticketing/payments/server';
import { startMollieStandIn, startPayPalStandIn, startSaferpayStandIn, startStripeStandIn, type StripeStandIn } from '@ticketing/payments/stand-ins';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { callApi, openSession, runBuiltTool, startApiProcess, type ApiProcess } from './api-process.js';
import { eventually, onProcess, streamEvents, untilCaughtUp } from './faults.js';

/**
 * Issue 13: the API is killed (SIGKILL) between the provider's success and the order's completion; the next
 * process on the same database completes the order at start-up, exactly once, and the provider's late webhooks
 * change nothing. The stand-ins run here, in the test, so they outlive the API processes as Stripe does.
 */
const CATALOG = fileURLToPath(new URL('./payment-crash.catalog.yaml', import.meta.url));
const EVENT = 'payment-crash-recital';
const SEATS = 2; // the capacity of the event's only category

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
type Json = any;

/** What Stripe.js does when the buyer submits the card form: confirm the PaymentIntent with the publishable key and the client secret. */
async function confirmCardAsStripeJs(stripe: StripeStandIn, clientSecret: string, returnUrl: string): Promise<Json> {
  const intent = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const form = new URLSearchParams({
    key: STAND_IN_CREDENTIALS.stripe.publishableKey,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': '4242424242424242',
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
    'payment_method_data[card][cvc]': '123',
    return_url: returnUrl,
  });
  const response = await fetch(`${stripe.url}/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return response.json();
}

/** The event's only category as one process shows it; undefined until its read models have the event. */
async function categoryOn(api: ApiProcess): Promise<{ id: number; available: number | null } | undefined> {
  const response = await fetch(`${api.baseUrl}/api/v2/public/event/${EVENT}/ticket-categories`);
  if (response.status !== 200) return undefined;
  const category = ((await response.json()) as Json).ticketCategories[0];
  return category && { id: category.id as number, available: category.availableTickets as number | null };
}

describe('an API process killed between the provider taking the money and the order completing', () => {
  let database: TestDatabase;
  let stripe: StripeStandIn;
  let closeStandIns: () => Promise<unknown>;
  let urls: StandInUrls;
  const processes: ApiProcess[] = [];
  const logs = (): string => processes.map((p) => p.logs()).join('\n');

  const streamTypes = (streamId: string) => streamEvents(database.url, streamId);
  const count = (events: { type: string }[], type: string) => events.filter((e) => e.type === type).length;

  /** An API process in payment test mode talking to this test's stand-ins; Stripe's account-wide webhooks go to it. */
  async function startApi(name: string): Promise<ApiProcess> {
    const api = await startApiProcess(name, (baseUrl) => ({
      DATABASE_URL: database.url,
      RATE_LIMITS: 'off',
      RESERVATION_SWEEP_INTERVAL_MS: '1000',
      PUBLIC_BASE_URL: baseUrl,
      PAYMENT_STAND_IN_URLS: JSON.stringify(urls),
    }));
    processes.push(api);
    stripe.addWebhookEndpoint(`${api.baseUrl}/api/payments/stripe/webhook/_test`, STAND_IN_CREDENTIALS.stripe.webhookSecret);
    return api;
  }

  beforeAll(async () => {
    const [stripeStandIn, ...others] = await Promise.all([startStripeStandIn(), startMollieStandIn(), startPayPalStandIn(), startSaferpayStandIn()]);
    stripe = stripeStandIn;
    const [mollie, paypal, saferpay] = others;
    urls = { stripe: stripe.url, mollie: mollie.url, paypal: paypal.url, saferpay: saferpay.url };
    closeStandIns = () => Promise.all([stripe, ...others].map((s) => s.close()));
    database = await createTestDatabase('system');
    const imported = runBuiltTool('catalog-cli', ['import', CATALOG], database.url);
    if (imported.status !== 0) throw new Error(`importing the catalog failed:\n${imported.output}`);
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await closeStandIns?.();
    await database?.drop();
  });

  it('is completed exactly once by the next process at start-up; the late webhooks change nothing', async () => {
    const a = await startApi('A');
    const category = await eventually(() => categoryOn(a), (c) => c?.available === SEATS);
    expect(category, 'A shows the imported event with both seats free').toEqual({ id: expect.any(Number), available: SEATS });

    // 1. A buyer on A reserves, fills in the form, and starts paying by card: A creates the PaymentIntent.
    const buyer = await openSession(a);
    const reserved = await callApi(buyer, 'POST', `/event/${EVENT}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: category!.id, amount: 1 }], additionalService: [] });
    expect(reserved.status, `reserve\n${logs()}`).toBe(200);
    const id = reserved.body.value as string;
    const tickets = (await callApi(buyer, 'GET', `/reservation/${id}`)).body.ticketsByCategory.flatMap((c: Json) => c.tickets) as { uuid: string }[];
    const attendees = Object.fromEntries(tickets.map((t) => [t.uuid, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: {} }]));
    const validated = await callApi(buyer, 'POST', `/reservation/${id}/validate-to-overview?lang=en`, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', tickets: attendees });
    expect(validated.status, 'validate-to-overview').toBe(200);
    const init = await callApi(buyer, 'POST', `/reservation/${id}/payment/CREDIT_CARD/init`, {});
    expect(init.status, `init\n${logs()}`).toBe(200);
    const clientSecret = init.body.clientSecret as string;
    expect(clientSecret).toMatch(/_secret_/);
    await stripe.webhooksDelivered(); // payment_intent.created, at A

    // 2. The card is confirmed at the provider, which now has the money; its webhooks never reach A.
    stripe.holdWebhooks();
    const confirmed = await confirmCardAsStripeJs(stripe, clientSecret, `${a.baseUrl}/back`);
    expect(confirmed.status, 'the stand-in took the payment').toBe('succeeded');
    const paymentIntent = confirmed.id as string;
    // the read models have the order waiting for its provider (as they would long before any real crash)
    expect(await untilCaughtUp(a, 15), `A's read models caught up\n${logs()}`).toBe(true);

    // 3. kill -9, before anything asked the provider: the order is not confirmed and the attempt not paid.
    await a.kill();
    const beforeRestart = streamTypes(`reservation-${id}`);
    expect(count(beforeRestart, 'ReservationConfirmed'), 'no confirmation before the restart').toBe(0);
    const started = beforeRestart.filter((e) => e.type === 'PaymentStarted');
    expect(started, 'one payment attempt').toHaveLength(1);
    const paymentStream = `payment-${started[0]!.data.attemptId as string}`;
    expect(count(streamTypes(paymentStream), 'PaymentSucceeded'), 'the attempt not recorded as paid before the restart').toBe(0);
    expect(stripe.payments.get(paymentIntent)?.status).toBe('succeeded');
    expect(stripe.events.filter((e) => e.type === 'payment_intent.succeeded').map((e) => e.deliveries.length), 'the success never reached A').toEqual([0]);

    // 4. B on the same database: its start-up recovery asks the provider and completes the order.
    const b = await startApi('B');
    const completed = await eventually(
      async () => (await callApi(onProcess(buyer, b), 'GET', `/reservation/${id}`)).body,
      (r) => r?.status === 'COMPLETE',
    );
    expect(completed, `completed by B's start-up recovery\n${logs()}`).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'STRIPE' });

    // 5. The provider's webhooks arrive at last (at B; A's address no longer answers), and once more.
    await stripe.releaseWebhooks();
    const succeeded = stripe.events.find((e) => e.type === 'payment_intent.succeeded')!;
    await stripe.resend(succeeded.id);
    await stripe.webhooksDelivered();
    const atB = succeeded.deliveries.filter((d) => d.url.startsWith(b.baseUrl)).map((d) => d.status);
    expect(atB, `B took both deliveries\n${logs()}`).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 500)); // the follow-up of a webhook runs after its answer
    expect(await untilCaughtUp(b, 15), "B's read models caught up").toBe(true);

    // 6. Exactly once: one confirmation, one recorded success, one seat sold.
    const reservation = streamTypes(`reservation-${id}`);
    expect(count(reservation, 'ReservationConfirmed'), 'one ReservationConfirmed').toBe(1);
    expect(count(streamTypes(paymentStream), 'PaymentSucceeded'), 'one PaymentSucceeded').toBe(1);
    expect(reservation.filter((e) => e.type === 'PaymentStarted'), 'no second attempt').toHaveLength(1);
    expect((await callApi(onProcess(buyer, b), 'GET', `/reservation/${id}`)).body).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'STRIPE' });
    expect(await categoryOn(b), 'one seat sold, one left').toEqual({ id: category!.id, available: SEATS - 1 });
    expect(stripe.refunds, 'nothing refunded').toEqual([]);
  }, 240_000);
});
