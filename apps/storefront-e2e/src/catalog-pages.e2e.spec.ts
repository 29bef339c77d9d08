import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './browser.js';
import { axeViolations } from './axe.js';

/**
 * The catalog pages in chromium against the running app with the demo catalog loaded
 * (tools/catalog/demo/demo.catalog.yaml): home, lists and their single-result redirects, the event page with
 * its promo codes and custom CSS, the subscription page, and language switching. Texts are read from the
 * served bundles, so a copy edit does not break a test.
 */
const baseUrl = inject('baseUrl');
const en = bundles.en;
const de = bundles.de;

const WINTER = 'seeklang-winterfestival-2027';
const CONFERENCE = 'milanodev-conf-2027';
const CONCERT_PASS = '6f30c825-ff76-4b1f-b14e-1bde488a97a7';
const MEMBERSHIP = '9ab9a82e-1346-4461-895b-d339d09d05a2';
/** The shell's primary colour, and the one the Winterfestival's custom CSS sets. */
const SHELL_PRIMARY = '#1d4ed8';
const WINTER_PRIMARY = '#16386b';

const t = (key: string, ...args: (string | number)[]) =>
  (en[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

describe('the catalog pages in chromium, on the demo catalog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function open(path: string, viewport = DESKTOP, locale = 'en-US') {
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const apiCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname + url.search);
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { page, apiCalls, errors };
  }

  async function expectAccessibleAndFitting(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  /** A screenshot of the whole page as a visitor scrolling it would see it: lazy images loaded, from the top. */
  async function shoot(page: Page, name: string) {
    await page.evaluate(async () => {
      const images = Array.from(document.images);
      for (const image of images) image.loading = 'eager';
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      window.scrollTo(0, 0);
    });
    await screenshot(page, name);
  }

  const primaryColour = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toLowerCase());

  const historyLength = (page: Page) => page.evaluate(() => history.length);

  /** Opens the home page, then `path`: the history grows by exactly one entry if `path` redirects with replace. */
  async function openAfterHome(path: string) {
    const opened = await open('/');
    const before = await historyLength(opened.page);
    await opened.page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { ...opened, before };
  }

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('shows 4 events and the 2 subscriptions on the home page (%s)', async (name, viewport) => {
    const { page, errors } = await open('/', viewport);
    const events = page.getByRole('region', { name: t('event-list.title') });
    await events.getByRole('article').first().waitFor();
    expect(await events.getByRole('article').count()).toBe(4);
    expect(await events.getByRole('link', { name: t('home.view.all.events') }).getAttribute('href')).toBe('/events-all');
    const first = events.getByRole('article').first();
    expect(await first.locator('img').getAttribute('src')).toMatch(/^\/file\/.+/);
    expect(await first.getByText(/\((Europe\/Zurich|Europe\/Rome)\)/).count()).toBe(1);

    const subscriptions = page.getByRole('region', { name: t('subscription.title') });
    expect(await subscriptions.getByRole('article').count()).toBe(2);
    expect(await subscriptions.getByRole('link', { name: t('home.view.all.subscriptions') }).count()).toBe(0);
    expect(errors).toEqual([]);
    await expectAccessibleAndFitting(page);
    await shoot(page, `catalog-home-${name}`);
    await page.context().close();
  });

  it("lists an organizer's events and leads from 'view all' to all of them", async () => {
    const { page } = await open('/o/seeklang');
    const events = page.getByRole('region', { name: t('event-list.title') });
    await events.getByRole('article').first().waitFor();
    expect(await events.getByRole('article').count()).toBe(4);
    await events.getByRole('link', { name: t('home.view.all.events') }).click();
    await page.waitForURL(`${baseUrl}/o/seeklang/events-all`);
    await page.getByRole('heading', { level: 1, name: t('event-list.all-events') }).waitFor();
    expect(await page.getByRole('article').count()).toBe(5);
    await expectAccessibleAndFitting(page);
    await page.context().close();
  });

  it('goes from events-all with a single result straight to the event, replacing the history entry', async () => {
    const { page, before } = await openAfterHome('/events-all?tags=conference');
    await page.waitForURL((url) => url.pathname === `/event/${CONFERENCE}`);
    expect(new URL(page.url()).searchParams.get('tags')).toContain('conference');
    await page.getByRole('heading', { level: 1, name: 'MilanoDev Conference 2027' }).waitFor();
    expect(await historyLength(page)).toBe(before + 1);
    await page.context().close();
  });

  it('goes from the home page to the only event when no subscription matches', async () => {
    const { page } = await open('/o/seeklang');
    const before = await historyLength(page);
    // Whether /subscriptions honours `tags` is the API's business; this checks the page's rule with none left.
    await page.route('**/api/v2/public/subscriptions*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto(`${baseUrl}/?tags=conference`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === `/event/${CONFERENCE}`);
    expect(new URL(page.url()).searchParams.get('tags')).toContain('conference');
    expect(await historyLength(page)).toBe(before + 1);
    await page.context().close();
  });

  it('goes from subscriptions-all with a single result to the subscription page', async () => {
    const { page, before } = await openAfterHome('/o/milano-dev/subscriptions-all');
    await page.waitForURL((url) => url.pathname === `/subscription/${MEMBERSHIP}`);
    await page.getByRole('heading', { level: 1, name: 'MilanoDev membership (12 months)' }).waitFor();
    expect(await historyLength(page)).toBe(before + 1);
    await page.context().close();
  });

  it('sends an unknown event home', async () => {
    const { page } = await open('/event/no-such-event');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('shows every part of the event page from the preloaded event (%s)', async (name, viewport) => {
    const { page, apiCalls, errors } = await open(`/event/${WINTER}`, viewport);
    await page.getByRole('heading', { level: 1, name: 'Seeklang Winter Festival 2027' }).waitFor();
    // The server put the event and its categories in the page: neither was asked for.
    expect(apiCalls.filter((c) => c.startsWith(`/api/v2/public/event/${WINTER}`))).toEqual([]);

    expect(await page.getByRole('img', { name: t('a11y.event-image', 'Seeklang Winter Festival 2027') }).isVisible()).toBe(true);
    const facts = page.getByRole('complementary', { name: t('storefront.event.facts') });
    expect(await facts.getByText(t('show-event.timezone.warn', 'Europe/Zurich')).isVisible()).toBe(true);
    expect(await facts.getByRole('link', { name: t('show-event.add-to-calendar.ics') }).getAttribute('href')).toBe(`/api/v2/public/event/${WINTER}/calendar/en`);
    expect(await facts.getByRole('link', { name: t('show-event.add-to-calendar.google') }).getAttribute('href')).toBe(
      `/api/v2/public/event/${WINTER}/calendar/en?type=google`,
    );
    expect(await facts.getByText('Halle am See, Seestrasse 407, 8038 Zürich').isVisible()).toBe(true);
    expect(await facts.getByText('Verein Seeklang Zürich').isVisible()).toBe(true);
    expect(await facts.getByRole('link', { name: 'seeklang@example.org' }).getAttribute('href')).toBe('mailto:seeklang@example.org');
    expect(await facts.getByRole('link', { name: t('to-event-site') }).getAttribute('href')).toBe('https://seeklang.example.org/winter-2027');
    expect(await page.getByRole('heading', { level: 3, name: 'Three days of music by the lake' }).isVisible()).toBe(true);

    const tickets = page.getByRole('region', { name: t('show-event.tickets') });
    const pass = tickets.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Festival pass (3 days)' }) });
    expect(await pass.getByText('149.00 CHF').isVisible()).toBe(true);
    expect(await pass.getByText(t('show-event.incVat', '8.1', en['common.vat']!)).isVisible()).toBe(true);
    const expired = tickets.locator('details');
    expect(await expired.getAttribute('open')).toBeNull();
    await expired.getByText(t('show-event.expired-categories')).click();
    expect(await expired.getByRole('heading', { name: 'Early Bird festival pass' }).isVisible()).toBe(true);
    expect(await tickets.getByRole('heading', { name: 'Crew & Friends' }).count()).toBe(0);

    const supplements = page.getByRole('region', { name: t('show-event.additional-services') });
    expect(await supplements.getByRole('heading', { name: 'Festival T-shirt 2027' }).isVisible()).toBe(true);
    expect(await supplements.getByText('35.00 CHF').first().isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: t('show-event.donations') }).getByRole('heading', { name: 'Donation to support young musicians' }).isVisible()).toBe(true);
    // choosing and reserving are covered by reserve.e2e.spec.ts
    expect(await page.getByRole('button', { name: t('show-event.continue') }).isVisible()).toBe(true);

    expect(await primaryColour(page)).toBe(WINTER_PRIMARY);
    expect(errors).toEqual([]);
    await expectAccessibleAndFitting(page);
    await shoot(page, `catalog-event-${name}`);
    await page.context().close();
  });

  it('applies a discount code, rejects an unknown one, and reveals a hidden category with its access code', async () => {
    const { page } = await open(`/event/${WINTER}`);
    const tickets = page.getByRole('region', { name: t('show-event.tickets') });
    const kind = t('show-event.promo-code-type.promotional');
    const field = page.getByRole('textbox', { name: t('show-event.promo-code-insert', kind) });

    await field.fill('WINTER10');
    await field.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('code') === 'WINTER10');
    const pass = tickets.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Festival pass (3 days)' }) });
    await pass.getByText('134.10 CHF', { exact: true }).waitFor();
    expect(await pass.locator('del').textContent()).toBe('149.00 CHF');
    expect(await page.getByText(t('show-event.promo-code-percentage-discount', '10%')).isVisible()).toBe(true);
    await shoot(page, 'catalog-event-desktop-discount');

    await page.getByRole('button', { name: t('show-event.promo-code.remove') }).click();
    await page.waitForURL((url) => !url.searchParams.has('code'));
    await pass.locator('del').waitFor({ state: 'detached' });

    await field.fill('NOT-A-CODE');
    await page.getByRole('button', { name: t('show-event.promo-code.apply') }).click();
    await page.getByRole('alert').filter({ hasText: en['error.STEP_1_CODE_NOT_FOUND']! }).waitFor();
    // the field is cleared as the categories reload, which may finish just after the error shows
    await expect.poll(() => field.inputValue(), { timeout: 5_000 }).toBe('');
    expect(new URL(page.url()).searchParams.has('code')).toBe(false);

    await field.fill('SEEKLANG-CREW');
    await field.press('Enter');
    await tickets.getByRole('heading', { name: 'Crew & Friends' }).waitFor();
    expect(await page.getByText(t('show-event.promo-code-access')).isVisible()).toBe(true);
    await page.reload({ waitUntil: 'networkidle' });
    await tickets.getByRole('heading', { name: 'Crew & Friends' }).waitFor();
    await page.context().close();
  });

  it('removes the event CSS when leaving the event', async () => {
    const { page } = await open(`/event/${WINTER}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await primaryColour(page)).toBe(WINTER_PRIMARY);
    await page.getByRole('link', { name: t('storefront.brand') }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('region', { name: t('event-list.title') }).waitFor();
    expect(await primaryColour(page)).toBe(SHELL_PRIMARY);
    await page.context().close();
  });

  it('shows the hybrid conference in euros with VAT on top, offering only its languages', async () => {
    const { page } = await open(`/event/${CONFERENCE}`);
    await page.getByRole('heading', { level: 1, name: 'MilanoDev Conference 2027' }).waitFor();
    const facts = page.getByRole('complementary', { name: t('storefront.event.facts') });
    expect(await facts.getByText(t('event.online.badge')).isVisible()).toBe(true);
    expect(await page.getByText(/ EUR$/).first().isVisible()).toBe(true);
    expect(await page.getByText(t('show-event.excVat', '22', en['common.vat']!)).first().isVisible()).toBe(true);
    const options = await page.getByRole('combobox', { name: t('reservation-page-complete.language') }).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options.sort()).toEqual(['en', 'it']);
    await page.context().close();
  });

  it('shows the online badge, the sold-out state and the pre-sale state', async () => {
    const online = await open('/event/seeklang-studio-session');
    await online.page.getByText(t('event.location.online')).waitFor();
    expect(await online.page.getByText(t('event.online.badge'), { exact: true }).first().isVisible()).toBe(true);
    await online.page.context().close();

    // The event overrides the bundle's sold-out header with its own text (i18nOverrides in the demo catalog).
    const soldOut = await open('/event/kerzenlicht-kammermusik', DESKTOP, 'de-CH');
    await soldOut.page.getByText('Alle 120 Plätze in der Kapelle sind vergeben.').waitFor();
    expect(await soldOut.page.getByText(de['show-event.category.sold-out']!, { exact: true }).count()).toBe(2);
    await soldOut.page.context().close();

    const preSale = await open('/event/seeklang-sommer-open-air-2027');
    await preSale.page.getByText(t('show-event.pre-sales.header')).waitFor();
    expect(await preSale.page.getByText(t('show-event.sales-not-started', '14.02.2027 10:00')).count()).toBeGreaterThan(0);
    await preSale.page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('shows the subscription page with its summary and compatible events (%s)', async (name, viewport) => {
    const { page, errors } = await open(`/subscription/${CONCERT_PASS}`, viewport);
    await page.getByRole('heading', { level: 1, name: 'Seeklang concert pass 10' }).waitFor();
    const summary = page.getByRole('complementary', { name: t('subscription.detail.info') });
    expect(await summary.getByText('390.00 CHF').isVisible()).toBe(true);
    expect(await summary.getByText(t('subscription.detail.max-entries', 10)).isVisible()).toBe(true);
    expect(await summary.getByText(t('subscription.detail.validity.STANDARD.description', 12, t('subscription.time-unit.MONTHS'), t('subscription.usage-type.UNLIMITED'))).isVisible()).toBe(true);
    const events = page.getByRole('region', { name: t('storefront.subscription.compatible-events') });
    await events.getByRole('article').first().waitFor();
    expect(await events.getByRole('article').count()).toBe(2);
    expect(errors).toEqual([]);
    await expectAccessibleAndFitting(page);
    await shoot(page, `catalog-subscription-${name}`);
    await page.context().close();
  });

  it('switches interface and content language together, within the languages of the event', async () => {
    const { page } = await open(`/event/${WINTER}`);
    await page.getByRole('heading', { level: 1, name: 'Seeklang Winter Festival 2027' }).waitFor();
    const select = page.getByRole('combobox', { name: t('reservation-page-complete.language') });
    const offered = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered.sort()).toEqual(['de', 'en', 'fr']);

    await select.selectOption('de');
    await page.getByRole('heading', { level: 1, name: 'Seeklang Winterfestival 2027' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // the event's texts come with the event, the interface's with the German bundle, loaded a moment later: wait for both
    for (const element of [
      page.getByRole('heading', { level: 3, name: 'Drei Tage Musik am See' }),
      page.getByRole('heading', { level: 3, name: 'Festivalpass (3 Tage)' }),
      page.getByRole('heading', { level: 2, name: de['show-event.additional-services']! }),
      page.getByRole('combobox', { name: de['reservation-page-complete.language']! }),
    ]) {
      await element.waitFor({ state: 'visible', timeout: 10_000 });
    }
    await shoot(page, 'catalog-event-desktop-de');

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Seeklang Winterfestival 2027' }).waitFor();

    // An English-only event brings the interface to English: content and chrome stay in one language.
    await page.goto(`${baseUrl}/event/late-night-strings-2027`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Late Night Strings' }).waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.getByRole('combobox', { name: t('reservation-page-complete.language') }).count()).toBe(0);
    await page.context().close();
  });
});
