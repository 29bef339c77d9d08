import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// Tests only: the catalog's fixtures, the real application and a local siteverify service it talks HTTP to.
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startSiteverifyStandIn, startTestApp, type SiteverifyStandIn } from '@ticketing/testing/app';

const SITE_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
const SECRET = 'recaptcha-test-secret';
const SOLVED = 'solved-recaptcha-token';
const CAPTCHA_FAILED = 'error.STEP_2_CAPTCHA_VALIDATION_FAILED';
const now = new Date();

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

/** The legacy reCAPTCHA of the forms (reference 1.4, 12.2, 21): published, asked for and checked only when configured. */
describe('reCAPTCHA on ticket selection and on free and bank-transfer confirmations', () => {
  let standIn: SiteverifyStandIn;
  beforeAll(async () => {
    standIn = await startSiteverifyStandIn(SECRET, SOLVED);
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.calls.length = 0;
  });

  /** The app with its environment, three events: both captchas, the free-order one alone (free), none. */
  async function appWith(env: Record<string, string>) {
    const app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0', RECAPTCHA_VERIFY_URL: standIn.url, ...env });
    const headers = await app.session();
    const start = localDaysFrom(now, 30);
    const end = localDaysFrom(now, 30, '23:00:00');
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const events = [
      { shortName: 'guarded', price: 4500, captcha: { captchaForTicketSelection: true, captchaForOfflinePaymentAndFree: true } },
      { shortName: 'free-guarded', price: 0, captcha: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: true } },
      { shortName: 'open', price: 4500, captcha: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: false } },
    ];
    for (const { shortName, price, captcha } of events) {
      await app.given(`event-${shortName}`, [
        catalogEvent({
          type: 'EventPublished',
          data: { event: eventDetails({ shortName, start, end, captcha, allowedPaymentProxies: price ? ['OFFLINE', 'ON_SITE'] : [], privacyPolicyUrl: null }) },
        }),
        catalogEvent({ type: 'CapacityDefined', data: { eventShortName: shortName, capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'regular', price, capacityId: 1 }) } }),
      ]);
    }
    const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
      const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, remoteAddress: '203.0.113.7', ...(payload ? { payload } : {}) });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    };
    const reserve = (shortName: string, captcha?: string | null) =>
      call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }], ...(captcha !== undefined ? { captcha } : {}) });
    /** A reservation of the event with its booking validated: ready for the overview's confirmation. */
    const validated = async (shortName: string, captcha?: string): Promise<string> => {
      const reserved = await reserve(shortName, captcha);
      expect(reserved.status).toBe(200);
      const id = reserved.body.value as string;
      const tickets = (await call('GET', `/reservation/${id}`)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);
      const attendees = Object.fromEntries(tickets.map((t: { uuid: string }) => [t.uuid, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }]));
      const form = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', tickets: attendees };
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, form)).status).toBe(200);
      return id;
    };
    const confirm = (id: string, form: object) => call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...form });
    return { app, call, reserve, validated, confirm };
  }
  const codes = (body: { validationErrors: { code: string }[] }) => body.validationErrors.map((v) => v.code);
  /** A content security policy by directive: `script-src 'self' x` -> { 'script-src': ["'self'", 'x'] }. */
  const directives = (csp: string): Record<string, string[]> =>
    Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

  describe('configured: a site key and a secret', () => {
    let t: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      t = await appWith({ RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET: SECRET, RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:4173/recaptcha/api.js' });
    });
    afterAll(() => t?.app.close());

    it("lets the page load the widget from the configured address (the content security policy's script and frame sources)", async () => {
      const csp = directives(String((await t.app.inject({ method: 'GET', url: '/api/v2/info' })).headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'", 'http://127.0.0.1:4173']);
      expect(csp['frame-src']).toEqual(['http://127.0.0.1:4173']);
    });

    it('publishes the key with the captchas the events ask for, and none where no captcha is asked', async () => {
      expect((await t.call('GET', '/event/guarded')).body.captchaConfiguration).toEqual({
        captchaForTicketSelection: true,
        captchaForOfflinePaymentAndFree: true,
        recaptchaApiKey: SITE_KEY,
      });
      // a free order's overview has no payment method to carry the key: the event's configuration does
      expect((await t.call('GET', '/event/free-guarded')).body.captchaConfiguration).toEqual({
        captchaForTicketSelection: false,
        captchaForOfflinePaymentAndFree: true,
        recaptchaApiKey: SITE_KEY,
      });
      expect((await t.call('GET', '/event/open')).body.captchaConfiguration).toEqual({
        captchaForTicketSelection: false,
        captchaForOfflinePaymentAndFree: false,
        recaptchaApiKey: null,
      });
    });

    it('refuses a ticket selection without a solved captcha, asks siteverify and reserves with one', async () => {
      for (const captcha of [undefined, null, '', 'guessed']) {
        const refused = await t.reserve('guarded', captcha);
        expect([refused.status, codes(refused.body)], String(captcha)).toEqual([422, [CAPTCHA_FAILED]]);
      }
      expect(standIn.calls).toEqual([{ secret: SECRET, response: 'guessed', remoteip: '203.0.113.7', contentType: expect.any(String) }]);
      const reserved = await t.reserve('guarded', SOLVED);
      expect(reserved.status).toBe(200);
      expect(standIn.calls.map((c) => c.response)).toEqual(['guessed', SOLVED]);
    });

    it("takes the answer from reCAPTCHA's own request parameter when the body has none (reference 1.4)", async () => {
      const selection = { reservation: [{ ticketCategoryId: 1, amount: 1 }] };
      const refused = await t.call('POST', '/event/guarded/reserve-tickets?lang=en&g-recaptcha-response=guessed', selection);
      expect([refused.status, codes(refused.body)]).toEqual([422, [CAPTCHA_FAILED]]);
      expect((await t.call('POST', `/event/guarded/reserve-tickets?lang=en&g-recaptcha-response=${SOLVED}`, selection)).status).toBe(200);
      // the body's captcha comes first
      const both = await t.call('POST', `/event/guarded/reserve-tickets?lang=en&g-recaptcha-response=${SOLVED}`, { ...selection, captcha: 'guessed' });
      expect(both.status).toBe(422);
      const id = await t.validated('free-guarded');
      expect((await t.call('POST', `/reservation/${id}?lang=en&g-recaptcha-response=${SOLVED}`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      expect((await t.call('GET', `/reservation/${id}`)).body.status).toBe('COMPLETE');
    });

    it('asks nothing of an event that wants no captcha', async () => {
      expect((await t.reserve('open')).status).toBe(200);
      expect((await t.reserve('free-guarded')).status).toBe(200);
      expect(standIn.calls).toEqual([]);
    });

    it('gives the bank transfer and on-site methods the key and the request for a captcha', async () => {
      const id = await t.validated('guarded', SOLVED);
      const methods = (await t.call('GET', `/reservation/${id}`)).body.activePaymentMethods;
      expect(methods.BANK_TRANSFER.parameters).toMatchObject({ captchaRequestedForOffline: true, recaptchaApiKey: SITE_KEY });
      expect(methods.ON_SITE.parameters).toMatchObject({ captchaRequestedForOffline: true, recaptchaApiKey: SITE_KEY });
      const open = await t.validated('open');
      expect((await t.call('GET', `/reservation/${open}`)).body.activePaymentMethods.BANK_TRANSFER.parameters).toMatchObject({
        captchaRequestedForOffline: false,
        recaptchaApiKey: null,
      });
    });

    it.each([
      ['a bank transfer', { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' }],
      ['an on-site payment', { paymentProxy: 'ON_SITE', selectedPaymentMethod: 'ON_SITE' }],
    ])('confirms %s only with a solved captcha', async (_, form) => {
      const id = await t.validated('guarded', SOLVED);
      for (const captcha of [null, 'guessed']) {
        const refused = await t.confirm(id, { ...form, captcha });
        expect([refused.status, codes(refused.body)]).toEqual([422, [CAPTCHA_FAILED]]);
      }
      expect((await t.call('GET', `/reservation/${id}`)).body.status).toBe('PENDING');
      expect((await t.confirm(id, { ...form, captcha: SOLVED })).status).toBe(200);
      expect((await t.call('GET', `/reservation/${id}`)).body.status).not.toBe('PENDING');
    });

    it('confirms a free order only with a solved captcha', async () => {
      const id = await t.validated('free-guarded');
      const refused = await t.confirm(id, {});
      expect([refused.status, codes(refused.body)]).toEqual([422, [CAPTCHA_FAILED]]);
      expect((await t.confirm(id, { captcha: SOLVED })).status).toBe(200);
      expect((await t.call('GET', `/reservation/${id}`)).body.status).toBe('COMPLETE');
    });

    it('confirms without a captcha where the event asks for none', async () => {
      const id = await t.validated('open');
      standIn.calls.length = 0;
      expect((await t.confirm(id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' })).status).toBe(200);
      expect(standIn.calls).toEqual([]);
    });
  });

  describe("a site key with Google's widget (no script address configured)", () => {
    let t: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      t = await appWith({ RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET: SECRET });
    });
    afterAll(() => t?.app.close());

    it("lets the page load Google's script and frames, as Google's CSP guide lists them", async () => {
      const csp = directives(String((await t.app.inject({ method: 'GET', url: '/api/v2/info' })).headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
      expect(csp['frame-src']).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
    });
  });

  describe('a secret without a site key (no widget can be shown)', () => {
    let t: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      t = await appWith({ RECAPTCHA_SECRET: SECRET });
    });
    afterAll(() => t?.app.close());

    it("keeps the widget's address out of the content security policy", async () => {
      const csp = directives(String((await t.app.inject({ method: 'GET', url: '/api/v2/info' })).headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['frame-src']).toBeUndefined();
    });

    it('publishes no captcha, and the events that ask for one sell without it', async () => {
      expect((await t.call('GET', '/event/guarded')).body.captchaConfiguration).toEqual({
        captchaForTicketSelection: false,
        captchaForOfflinePaymentAndFree: false,
        recaptchaApiKey: null,
      });
      const id = await t.validated('guarded');
      expect((await t.call('GET', `/reservation/${id}`)).body.activePaymentMethods.BANK_TRANSFER.parameters).toMatchObject({
        captchaRequestedForOffline: false,
        recaptchaApiKey: null,
      });
      expect((await t.confirm(id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' })).status).toBe(200);
      const free = await t.validated('free-guarded');
      expect((await t.confirm(free, {})).status).toBe(200);
      expect(standIn.calls).toEqual([]);
    });
  });
});
