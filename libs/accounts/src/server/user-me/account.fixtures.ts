import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, subscriptionDescriptor, ticketCategory } from '@ticketing/testing/catalog-events';
import { startMailCatcher, startTestApp, type TestApp } from '@ticketing/testing/app';
import { DEMO_USERS, startLocalOpenIdProvider, type LocalOpenIdProvider } from '../local-provider/index.js';
import { Browser } from '../openid/login.fixtures.js';

const BASE = 'http://localhost:8080';
const now = new Date();

/** A third demo person, for the deletion (the others stay as they are for the other specs' checks). */
export const MARGARET = { id: 'margaret', email: 'margaret@example.org', password: 'apollo', givenName: 'Margaret', familyName: 'Hamilton' };

/**
 * Three purchase contexts: a free event (`meetup`, category 1, and category 2 by the code SPEAKER), a free event of one
 * seat with a waiting list (`FULL_HOUSE`, category 1) and a free pass (`PASS`).
 */
export const MEETUP = 'meetup';
export const FULL_HOUSE = 'full-house';
export const PASS = '7c000000-0000-4000-8000-000000000001';

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

/** A visitor of the storefront: a session (the X-Auth-Token header, as the storefront sends it), signed in or not. */
export class Visitor {
  constructor(
    private readonly app: TestApp,
    readonly headers: Record<string, string>,
  ) {}

  async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<Answer> {
    const response = await this.app.inject({ method, url: `/api/v2/public${url}`, headers: this.headers, ...(payload ? { payload } : {}) });
    const text = response.body;
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.statusCode, headers: response.headers, text, body };
  }

  async reserveTickets(amount = 1, event = MEETUP): Promise<string> {
    const { status, body } = await this.call('POST', `/event/${event}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount }] });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as string;
  }

  async reservePass(): Promise<string> {
    const { status, body } = await this.call('POST', `/subscription/${PASS}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as string;
  }

  /** Books with these contact details (and the attendees named after them) and confirms the free order. */
  async complete(reservationId: string, contact: { firstName: string; lastName: string; email: string }): Promise<void> {
    const info = (await this.call('GET', `/reservation/${reservationId}`)).body;
    const tickets = Object.fromEntries(
      (info.ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets).map((t) => [t.uuid, { ...contact, additional: {} }]),
    );
    const validated = await this.call('POST', `/reservation/${reservationId}/validate-to-overview?lang=en`, { ...contact, tickets });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const confirmed = await this.call('POST', `/reservation/${reservationId}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }
}

/** The app with login against a local provider, mail to a local catcher, and the catalog of the three purchase contexts. */
export async function startAccountsApp(): Promise<{ app: TestApp; provider: LocalOpenIdProvider; mails: Awaited<ReturnType<typeof startMailCatcher>>; stop(): Promise<void> }> {
  const client = { clientId: 'storefront', clientSecret: randomBytes(24).toString('base64url'), redirectUris: [`${BASE}/openid/callback`], postLogoutRedirectUris: [`${BASE}/`] };
  const provider = await startLocalOpenIdProvider({ clients: [client], users: [...DEMO_USERS, MARGARET] });
  const mails = await startMailCatcher();
  const app = await startTestApp({
    OPENID_ISSUER_URL: provider.issuer,
    OPENID_CLIENT_ID: client.clientId,
    OPENID_CLIENT_SECRET: client.clientSecret,
    PUBLIC_BASE_URL: BASE,
    RATE_LIMITS: 'off',
    RESERVATION_SWEEP_INTERVAL_MS: '0',
    SMTP_URL: `smtp://127.0.0.1:${mails.port}`,
    MAIL_FROM: 'tickets@acme.test',
  });
  await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
  await app.given(`event-${MEETUP}`, [
    catalogEvent({
      type: 'EventPublished',
      data: { event: eventDetails({ shortName: MEETUP, title: { en: 'Meetup' }, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en'], allowedPaymentProxies: [] }) },
    }),
    catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: MEETUP, category: ticketCategory({ id: 1, key: 'free', name: { en: 'Free entry' }, price: 0, maxPerReservation: 5 }) } }),
    // reserved straight from a code link (/event/meetup/code/SPEAKER)
    catalogEvent({
      type: 'TicketCategoryAdded',
      data: { eventShortName: MEETUP, category: ticketCategory({ id: 2, key: 'speakers', name: { en: 'Speaker' }, price: 0, accessRestricted: true, code: 'SPEAKER', ordinal: 2 }) },
    }),
  ]);
  await app.given(`event-${FULL_HOUSE}`, [
    catalogEvent({
      type: 'EventPublished',
      data: {
        event: eventDetails({ shortName: FULL_HOUSE, title: { en: 'Full house' }, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en'], allowedPaymentProxies: [], waitingListEnabled: true }),
      },
    }),
    catalogEvent({ type: 'CapacityDefined', data: { eventShortName: FULL_HOUSE, capacity: { id: 1, key: 'hall', name: 'Hall', size: 1 } } }),
    catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: FULL_HOUSE, category: ticketCategory({ id: 1, key: 'free', name: { en: 'Free entry' }, price: 0, capacityId: 1 }) } }),
  ]);
  // Italian first, its title given English first: the orders list answers the title in the pass's order
  const descriptor = subscriptionDescriptor({ id: PASS, sale: { start: localDaysFrom(now, -1), end: null }, price: 0, maxEntries: 5, allowedPaymentProxies: [], contentLanguages: ['it', 'en'] });
  await app.given(`subscription-descriptor-${PASS}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
  return {
    app,
    provider,
    mails,
    stop: async () => {
      await app.close();
      await provider.stop();
      await mails.close();
    },
  };
}

/** A visitor signed in through the provider's login page; the session token is the one the browser's cookie carries. */
export async function signedIn(app: TestApp, email: string, password: string): Promise<Visitor> {
  const browser = new Browser(app);
  const answer = await browser.deliver(await browser.signInAtProvider('/openid/authentication', email, password));
  expect(answer.statusCode).toBe(200);
  return visitorOn(app, browser.app.get('ALFIO_SESSION')!);
}

/** A visitor on an existing session (an anonymous one: `app.session()`). */
export async function visitorOn(app: TestApp, sessionId: string): Promise<Visitor> {
  const page = await app.inject({ method: 'GET', url: '/api/v2/public/i18n/languages', headers: { 'x-auth-token': sessionId } });
  return new Visitor(app, { 'x-auth-token': sessionId, 'x-csrf-token': String(page.headers['xsrf-token']) });
}

export async function anonymous(app: TestApp): Promise<Visitor> {
  return new Visitor(app, await app.session());
}
