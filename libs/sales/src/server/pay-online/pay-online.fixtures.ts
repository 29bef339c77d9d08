import { createServer } from 'node:net';
import { expect } from 'vitest';
import { PAYMENT_STAND_INS, type RunningStandIns } from '@ticketing/application';
import type { OrganizerProviderAccounts } from '@ticketing/catalog/contracts';
import { startTestApp, type TestApp, type TestAppOptions } from '@ticketing/testing/app';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';

/**
 * A shop taking card and redirect payments through the four stand-ins, driven as a buyer's browser does: the API
 * in process, the providers' pages and the webhooks over real HTTP (the app listens on PUBLIC_BASE_URL, where the
 * stand-ins send their webhooks and their pages send the buyer back).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
export type Json = any;
export interface Answer {
  readonly status: number;
  readonly body: Json;
}

/** Every credential names a variable that is unset: each account talks to its stand-in. */
export const standInAccounts = (enableSCA = true): OrganizerProviderAccounts => ({
  stripe: { enableSCA, publishableKeyEnv: 'T_STRIPE_PK', secretKeyEnv: 'T_STRIPE_SK', webhookSecretEnv: 'T_STRIPE_WH' },
  mollie: { apiKeyEnv: 'T_MOLLIE', methods: ['IDEAL', 'CREDIT_CARD'] },
  paypal: { clientIdEnv: 'T_PAYPAL_ID', clientSecretEnv: 'T_PAYPAL_SECRET', webhookIdEnv: 'T_PAYPAL_WH' },
  saferpay: { customerIdEnv: 'T_SP_CUSTOMER', terminalIdEnv: 'T_SP_TERMINAL', usernameEnv: 'T_SP_USER', passwordEnv: 'T_SP_PASSWORD', methods: ['CREDIT_CARD', 'TWINT'] },
});

export const PRICE = 4500;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PaymentShop {
  readonly app: TestApp;
  /** `http://127.0.0.1:<port>`: PUBLIC_BASE_URL, where the app listens. */
  readonly base: string;
  readonly port: number;
  readonly standIns: RunningStandIns;
}

/**
 * The app listening on a port of its own (or `port`), with its mail going to `smtpPort`. The app must know its port
 * before it starts (PUBLIC_BASE_URL), so a free one is picked first; when a parallel test file takes it before the
 * app listens, the app is started again on another (its database kept), up to five times.
 */
export async function startPaymentShop(
  smtpPort: number,
  options: TestAppOptions & { port?: number; env?: Record<string, string>; pickPort?: () => Promise<number> } = {},
): Promise<PaymentShop> {
  let appOptions: TestAppOptions = options;
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await (options.pickPort ?? freePort)());
    const base = `http://127.0.0.1:${port}`;
    const app = await startTestApp(
      {
        RESERVATION_SWEEP_INTERVAL_MS: '0',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'tickets@acme.test',
        PUBLIC_BASE_URL: base,
        PORT: String(port),
        ...options.env,
      },
      appOptions,
    );
    try {
      await app.app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!taken || options.port !== undefined || attempt === 5) {
        await app.close({ keepDatabase: options.database !== undefined });
        throw error;
      }
      await app.close({ keepDatabase: true });
      appOptions = { ...appOptions, database: app.database };
      continue;
    }
    const standIns = app.app.get<RunningStandIns | null>(PAYMENT_STAND_INS);
    if (!standIns) throw new Error('the app runs without payment stand-ins');
    return { app, base, port, standIns };
  }
}

export interface ShopEvent {
  readonly shortName: string;
  readonly organizerSlug?: string;
  readonly proxies: readonly string[];
  readonly seats?: number;
  readonly validityMinutes?: number;
  readonly contentLanguages?: readonly string[];
}

/** Organizers `acme` (Stripe with SCA) and `plain` (Stripe charging card tokens), and the events asked for. */
export async function givenCatalog(app: TestApp, events: readonly ShopEvent[]): Promise<void> {
  const payment = { ...organizer().payment };
  await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ payment: { ...payment, providers: standInAccounts(true) } }) } })]);
  await app.given('organizer-plain', [
    catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'plain', name: 'Plain Events', payment: { ...payment, providers: standInAccounts(false) } }) } }),
  ]);
  const now = new Date();
  const start = localDaysFrom(now, 30);
  const end = localDaysFrom(now, 30, '23:00:00');
  for (const e of events) {
    const { shortName } = e;
    const details = eventDetails({
      shortName,
      organizerSlug: e.organizerSlug ?? 'acme',
      start,
      end,
      allowedPaymentProxies: e.proxies as ReturnType<typeof eventDetails>['allowedPaymentProxies'],
      reservationValidityMinutes: e.validityMinutes ?? 25,
      ...(e.contentLanguages ? { contentLanguages: [...e.contentLanguages] } : {}),
    });
    await app.given(`event-${shortName}`, [
      catalogEvent({ type: 'EventPublished', data: { event: details } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: shortName, capacity: { id: 1, key: 'hall', name: 'Hall', size: e.seats ?? 50 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'regular', price: PRICE, capacityId: 1 }) } }),
    ]);
  }
}

export const accepted = { termAndConditionsAccepted: true, privacyPolicyAccepted: true };

/** One buyer's browser tab on the public API: a session of its own, an e-mail address of its own. */
export async function buyerOf(app: TestApp, email: string) {
  const headers = await app.session();
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const info = (id: string) => call('GET', `/reservation/${id}`);
  const buyer = {
    email,
    headers,
    call,
    info,
    async reserve(shortName: string, amount = 1): Promise<Answer> {
      return call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount }] });
    },
    /** Reserves and fills in the booking form: the order waits on the overview. */
    async toOverview(shortName: string, amount = 1): Promise<string> {
      const reserved = await buyer.reserve(shortName, amount);
      expect(reserved.status, 'reserve').toBe(200);
      const id = reserved.body.value as string;
      const tickets = (await info(id)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);
      const attendees = Object.fromEntries(tickets.map((t: { uuid: string }, i: number) => [t.uuid, { firstName: `Guest${i}`, lastName: 'Smith', email, additional: {} }]));
      const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { firstName: 'Ada', lastName: 'Lovelace', email, tickets: attendees });
      expect(validated.status, 'validate-to-overview').toBe(200);
      return id;
    },
    confirm: (id: string, form: object, lang = 'en') => call('POST', `/reservation/${id}?lang=${lang}`, { ...accepted, ...form }),
    init: (id: string, method: string) => call('POST', `/reservation/${id}/payment/${method}/init`),
    paymentStatus: (id: string, method: string) => call('GET', `/reservation/${id}/payment/${method}/status`),
    forceCheck: (id: string) => call('GET', `/reservation/${id}/transaction/force-check`),
    abandon: (id: string) => call('DELETE', `/reservation/${id}/payment`),
    removeToken: (id: string) => call('DELETE', `/reservation/${id}/payment/token`),
    /** What the reservation's status is now (GET reservation). */
    async statusOf(id: string): Promise<string> {
      return (await info(id)).body.status as string;
    },
  };
  return buyer;
}
export type Buyer = Awaited<ReturnType<typeof buyerOf>>;

/** The PaymentIntent a client secret belongs to (`pi_..._secret_...`). */
export const intentOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf('_secret_'));

/**
 * What Stripe.js does when the buyer submits the card form: confirm the PaymentIntent from the browser with the
 * publishable key and the client secret.
 */
export async function confirmCardAsStripeJs(stripeUrl: string, clientSecret: string, cardNumber: string, returnUrl: string): Promise<Answer> {
  const form = new URLSearchParams({
    key: 'pk_test_stand_in',
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': cardNumber,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
    'payment_method_data[card][cvc]': '123',
    return_url: returnUrl,
  });
  const response = await fetch(`${stripeUrl}/v1/payment_intents/${intentOf(clientSecret)}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: response.status, body: await response.json() };
}

/** The form of a provider's page holding the button labelled `label`: its action and the fields it posts. */
export function formWith(pageUrl: string, html: string, label: string): { action: string; fields: URLSearchParams } {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find((f) => (f[2] ?? '').includes(`>${label}<`));
  if (!form) throw new Error(`no form with "${label}" on ${pageUrl}`);
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
  const fields = new URLSearchParams();
  for (const [input] of (form[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
    const type = attribute(input, 'type');
    if (type === 'radio' && !/\bchecked\b/.test(input)) continue;
    const name = attribute(input, 'name');
    if (name) fields.set(name, unescape(attribute(input, 'value') ?? ''));
  }
  const button = new RegExp(`<button\\b([^>]*)>${label}<`).exec(form[2] ?? '')?.[1] ?? '';
  const buttonName = attribute(button, 'name');
  if (buttonName) fields.set(buttonName, unescape(attribute(button, 'value') ?? ''));
  return { action: new URL(unescape(attribute(form[1] ?? '', 'action') ?? pageUrl), pageUrl).toString(), fields };
}

export interface Hop {
  readonly url: string;
  readonly status: number;
  readonly location: string | null;
}

/** A browser request followed through its redirects (a 302/303 turns into a GET); every hop, the last one an answer. */
export async function browse(url: string, init: { method?: string; form?: URLSearchParams } = {}): Promise<Hop[]> {
  const hops: Hop[] = [];
  let next: string | null = url;
  let request: RequestInit = init.form
    ? { method: init.method ?? 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: init.form.toString() }
    : { method: init.method ?? 'GET' };
  while (next !== null && hops.length < 10) {
    const response: Response = await fetch(next, { ...request, redirect: 'manual' });
    await response.arrayBuffer();
    const location = response.headers.get('location');
    hops.push({ url: next, status: response.status, location });
    next = response.status >= 300 && response.status < 400 && location ? new URL(location, next).toString() : null;
    request = { method: 'GET' };
  }
  return hops;
}

/** Opens a provider's page and presses the button labelled `label` (after `fields` are set), following the redirects. */
export async function pressOnPage(pageUrl: string, label: string, fields: Record<string, string> = {}): Promise<Hop[]> {
  const page = await fetch(pageUrl);
  expect(page.status, `GET ${pageUrl}`).toBe(200);
  const form = formWith(pageUrl, await page.text(), label);
  for (const [name, value] of Object.entries(fields)) form.fields.set(name, value);
  return browse(form.action, { form: form.fields });
}

/** The types of the events on the reservation's stream. */
export async function reservationLog(app: TestApp, id: string): Promise<string[]> {
  return (await app.store.readStream(`reservation-${id}`)).map((e) => e.type);
}

export async function confirmationsOf(app: TestApp, id: string): Promise<number> {
  return (await reservationLog(app, id)).filter((type) => type === 'ReservationConfirmed').length;
}

/** The events of every payment attempt of the reservation, attempt by attempt. */
export async function attemptLogs(app: TestApp, id: string): Promise<{ attemptId: string; events: { type: string; data: Json }[] }[]> {
  const started = (await app.store.readStream(`reservation-${id}`)).filter((e) => e.type === 'PaymentStarted');
  return Promise.all(
    started.map(async (e) => {
      const attemptId = (e.data as { attemptId: string }).attemptId;
      const events = (await app.store.readStream(`payment-${attemptId}`)).map((x) => ({ type: x.type, data: x.data as Json }));
      return { attemptId, events };
    }),
  );
}

/** Asks until `accept` holds (a webhook is handled after its answer is sent), or fails with the last value. */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await probe();
  }
  return value;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The storefront path the return call sends the buyer to. */
export const pageOf = (shortName: string, id: string, page: string) => `/event/${shortName}/reservation/${id}/${page}`;

/** What the mail catcher got, per address; `catcher` is read at each call (the specs start it in beforeAll). */
export function mailboxOf<Mail extends { readonly to: readonly string[] }>(catcher: () => { readonly mails: readonly Mail[] }) {
  const mailsTo = (email: string) => catcher().mails.filter((m) => m.to.includes(email));
  /** The confirmation is sent after the completion (its ticket PDFs rendered first): wait for it, then make sure no second one follows. */
  const exactlyOneMailTo = async (email: string) => {
    expect(await eventually(async () => mailsTo(email).length, (n) => n >= 1)).toBe(1);
    await pause(200);
    expect(mailsTo(email)).toHaveLength(1);
  };
  return { mailsTo, exactlyOneMailTo };
}
