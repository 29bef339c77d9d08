import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { checkDynamicDiscountAvailability, getAvailableLanguages, getCountries, getEvent, getInfo, getTranslation, getVatCountries } from './client/alfio-api.js';
import { expectField, expectReads, expectStatus } from './support/client-reads.js';
import { givenCatalog, gala } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

/** The server renders the page shell only when the storefront is built (npm run build). */
const storefrontBuilt = existsSync('dist/storefront/index.html');

/**
 * What the client loads before it shows anything: the page's tokens, the app info (info.service.ts), the languages
 * and the translation bundle (i18n.service.ts, LanguageGuard), the country lists of its forms.
 */
describe('alf.io client: app start, info and i18n', () => {
  let contract: ContractApp;
  beforeAll(async () => {
    contract = await startContractApp();
    await givenCatalog(contract.app, gala);
  });
  afterAll(() => contract?.close());

  it.skipIf(!storefrontBuilt)('takes its tokens from the page shell: GID as x-auth-token, XSRF_TOKEN as X-CSRF-TOKEN', async () => {
    const page = contract.page();
    const { shell } = await page.open(`/event/${gala.shortName}`);
    expect(shell, 'page shell: GET /event/{shortName} is an HTML page').toBe(true);
    expect(page.meta.GID, 'page shell: <meta name="GID">').toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.meta.XSRF_TOKEN, 'page shell: <meta name="XSRF_TOKEN">').toMatch(/^[A-Za-z0-9_-]+$/);
    // a write with the page's own token, before any API GET refreshed it (the event is preloaded in the page)
    const form = { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [], captcha: null, promoCode: null };
    const discount = await checkDynamicDiscountAvailability(page, gala.shortName, form);
    expect(discount.status, 'dynamic discount with the shell\'s tokens: not refused (403)').toBe(204);
    const event = await getEvent(page, gala.shortName);
    expectStatus('event page', event, 200);
    expect(event.headers.get('x-auth-token'), 'event page: no new session for a page that has one').toBeNull();
  });

  it('without a page shell, takes its session from the first API answer', async () => {
    const page = contract.page();
    const first = await getAvailableLanguages(page);
    expectStatus('first request of a page without tokens', first, 200);
    expect(page.meta.GID, 'first answer: x-auth-token header into <meta name="GID">').toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.meta.XSRF_TOKEN, 'first answer: xsrf-token header into <meta name="XSRF_TOKEN">').toMatch(/^[A-Za-z0-9_-]+$/);
    const form = { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [], captcha: null, promoCode: null };
    expect((await checkDynamicDiscountAvailability(page, gala.shortName, form)).status, 'dynamic discount: not refused (403)').toBe(204);
  });

  it('reads the app info (I1), with Alfio-OpenId-Enabled on every GET', async () => {
    const page = contract.page();
    const info = await getInfo(page);
    expectStatus('app info', info, 200);
    expectReads('app info', info, {
      demoModeEnabled: 'boolean',
      devModeEnabled: 'boolean',
      prodModeEnabled: 'boolean',
      analyticsConfiguration: 'object',
      'walletConfiguration.gWalletEnabled': 'boolean',
      'walletConfiguration.passEnabled': 'boolean',
      'challengeConfiguration.enabled': 'boolean',
    });
    expect(info.headers.get('alfio-openid-enabled'), 'app info: Alfio-OpenId-Enabled').toBe('false');
    expect(page.openIdEnabled).toBe(false);
    for (const answer of [await getEvent(page, gala.shortName), await getAvailableLanguages(page), await getTranslation(page, 'en')]) {
      expect(answer.headers.get('alfio-openid-enabled'), `${answer.path}: Alfio-OpenId-Enabled`).toBe('false');
    }
  });

  it('reads the languages (I3) and the bundle of each (I2), compressed as the browser accepts it', async () => {
    const page = contract.page();
    const languages = await getAvailableLanguages(page);
    expectStatus('language guard', languages, 200);
    expect(Array.isArray(languages.body), 'language guard: answer is a list').toBe(true);
    for (const [i] of languages.body.entries()) expectReads('language guard', languages, { locale: 'string', displayLanguage: 'string' }, String(i));
    const locales = languages.body.map((l) => l.locale);
    expect(locales, 'language guard: locale').toEqual(expect.arrayContaining(['en', 'it', 'de', 'fr']));

    for (const lang of locales) {
      const bundle = await getTranslation(page, lang);
      expectStatus(`bundle ${lang}`, bundle, 200);
      expect(bundle.headers.get('content-encoding'), `bundle ${lang}: content-encoding for "gzip, deflate, br, zstd"`).toBe('br');
      const values = Object.values(bundle.body);
      expect(values.length, `bundle ${lang}: keys`).toBeGreaterThan(500);
      expect(values.every((v) => typeof v === 'string'), `bundle ${lang}: every message a string`).toBe(true);
      // ngx-translate fills {{0}}; a Java-style {0} would show as it is
      expect(values.filter((v) => /(^|[^{]){\d+}/.test(v)), `bundle ${lang}: {n} placeholders left for ngx-translate`).toEqual([]);
      expectField(`bundle ${lang}`, bundle, ['reservation-page.time-for-completion']).toContain('##time##');
      expectField(`bundle ${lang}`, bundle, ['show-event.tickets.left']).toContain('{{0}}');
    }
  });

  it('reads the country lists of the question and invoice forms (I4, I5)', async () => {
    const page = contract.page();
    for (const [step, answer] of [
      ['country question', await getCountries(page, 'en')],
      ['invoice form', await getVatCountries(page, 'en')],
    ] as const) {
      expectStatus(step, answer, 200);
      expectReads(step, answer, { isoCode: 'string', name: 'string' }, '0');
      expect(answer.body.map((c) => c.isoCode), `${step}: isoCode`).toEqual(expect.arrayContaining(['CH', 'IT', 'DE']));
    }
  });
});
