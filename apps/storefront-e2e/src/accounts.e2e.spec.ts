import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { DEMO_USERS, startLocalOpenIdProvider, type LocalOpenIdProvider } from '@ticketing/accounts/local-provider';
import { bundles } from '@ticketing/i18n';
import { freePort } from '@ticketing/postgres';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { axeViolations } from './axe.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * Accounts in the storefront (issue 16, spec 2 my orders, my profile, Chrome, booking step; spec 6; reference 3.6) in
 * chromium against an app of this spec's own, which logs visitors in against the local OpenID provider (as `npm start`
 * does without OPENID_ISSUER_URL), with the tickets spec's catalog (a free concert). A demo person logs in on the
 * provider's own page, buys a free ticket (the booking step prefilled from their account), finds the order in my
 * orders, opens it where nobody is signed in (through the login, back on the order; another person is told it is not
 * theirs), follows a link to the order from a page of another site (a web mail) still signed in, edits the profile (a
 * reload shows it), and deletes it: acknowledged, then the provider's sign-out page, home signed out. After that
 * `audit verify-log` passes and the raw rows of the log no longer hold the person's names or e-mail. My orders and my
 * profile are checked with axe and for overflow at 1280 and 375 px (shots /tmp/shots/acct-*).
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CONCERT = 'e2e-free-concert';
const CONCERT_TITLE = 'Free Concert in the Park';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (step: string) => new RegExp(`^/event/${CONCERT}/reservation/(${UUID})/${step}$`);
const SHOTS = '/tmp/shots';
const ADA = DEMO_USERS.find((u) => u.id === 'ada')!;
const GRACE = DEMO_USERS.find((u) => u.id === 'grace')!;
/** What the edited profile says: a name the log must forget too. */
const EDITED = { firstName: 'Augusta', lastName: 'King-Noel' };

describe('accounts in chromium: log in, buy, my orders, my profile, deletion', () => {
  let app: OwnApp | undefined;
  let provider: LocalOpenIdProvider | undefined;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  let orderId = '';

  beforeAll(async () => {
    app = await startOwnApp({
      database: 'e2e-accounts',
      catalog: 'apps/storefront-e2e/src/tickets.catalog.yaml',
      mailFrom: 'accounts@e2e.example',
      // the provider knows the app as its client, sending visitors back to the app's own address
      env: async (baseUrl) => {
        const client = { clientId: 'e2e-storefront', clientSecret: 'e2e-accounts-secret-0f3a9c', redirectUris: [`${baseUrl}/openid/callback`], postLogoutRedirectUris: [`${baseUrl}/`] };
        provider = await startLocalOpenIdProvider({ clients: [client] });
        return { OPENID_ISSUER_URL: provider.issuer, OPENID_CLIENT_ID: client.clientId, OPENID_CLIENT_SECRET: client.clientSecret };
      },
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // the browser asks every page's site for /favicon.ico, which neither the provider nor the app has
      if (/\/favicon\.ico$/.test(m.location().url)) return;
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) errors.push(`${m.location().url || page.url()}: ${m.text()}`);
    });
    mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await provider?.stop();
  });

  const baseUrl = () => app!.baseUrl;
  const userMenu = () => page.getByRole('button', { name: new RegExp(`^${escape(t('user.menu.title'))}`) });
  const field = (scope: Page | ReturnType<Page['getByRole']>, key: string) => scope.getByRole('textbox', { name: new RegExp(`^${escape(t(key))}`) });
  const contact = () => page.getByRole('region', { name: t('reservation-page.your-details') });
  const firstTicket = () => page.getByRole('region', { name: /, ticket 1$/ });

  /** No axe violation and nothing wider than the viewport at 1280 and at 375 px, each shot for people to look at. */
  async function checkBothWidths(name: string) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      // axe judges colours as they are: a toast still fading in (160 ms) would fail the contrast check
      await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'));
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `acct-${name}-${viewport.width}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);
  }

  /**
   * Opens the user menu with the keyboard and follows one of its entries. The menu closes when the focus leaves it, as
   * it does when a page that is still coming in takes the focus: opened again until its entry shows.
   */
  async function throughMenu(key: string) {
    const entry = page.getByRole('link', { name: t(key) });
    await expect
      .poll(
        async () => {
          if (!(await entry.isVisible())) {
            await userMenu().focus();
            await page.keyboard.press('Enter');
          }
          if ((await userMenu().getAttribute('aria-expanded')) !== 'true' || !(await entry.isVisible())) return false;
          // the menu may still close under the click (the focus taken by a page coming in): then open it again
          return entry.click({ timeout: 1_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  it('logs in on the provider\'s page from the top bar and comes back to the event, signed in', async () => {
    await page.goto(`${baseUrl()}/event/${CONCERT}`);
    await page.getByRole('heading', { level: 1, name: CONCERT_TITLE }).waitFor();
    const login = page.getByRole('link', { name: t('user.menu.login'), exact: true });
    await login.waitFor();
    expect(new URL((await login.getAttribute('href')) ?? '', baseUrl()).searchParams.get('returnTo')).toBe(`/event/${CONCERT}`);
    await login.click();
    // the provider's own sign-in page
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(provider!.issuer).origin);
    await page.getByLabel('E-mail').fill(ADA.email);
    await page.getByLabel('Password').fill(ADA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === `/event/${CONCERT}`);
    await expect.poll(() => userMenu().textContent()).toContain(`${ADA.givenName} ${ADA.familyName}`);
    expect(await page.getByRole('link', { name: t('user.menu.login'), exact: true }).count()).toBe(0);
  });

  it('buys a free ticket, the booking step prefilled from the account, with no login suggestion', async () => {
    await page.getByRole('combobox', { name: t('a11y.quantity-for', 'Free entry') }).selectOption('1');
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('book').test(url.pathname));
    orderId = stepPath('book').exec(new URL(page.url()).pathname)![1]!;
    await expect.poll(() => field(contact(), 'common.first-name').inputValue()).toBe(ADA.givenName);
    expect(await field(contact(), 'common.last-name').inputValue()).toBe(ADA.familyName);
    expect(await field(contact(), 'common.email').inputValue()).toBe(ADA.email);
    expect(await field(firstTicket(), 'common.first-name').inputValue()).toBe(ADA.givenName);
    expect(await field(firstTicket(), 'common.email').inputValue()).toBe(ADA.email);
    expect(await contact().getByRole('link', { name: t('reservation-page.login.button') }).count()).toBe(0);
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('overview').test(url.pathname));
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await page.waitForURL((url) => stepPath('success').test(url.pathname), { timeout: 30_000 });
    // the success page shown (the address changes before the page's loader is done)
    await page.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', CONCERT_TITLE) }).waitFor();
  });

  it('finds the order in my orders: short id linked to it, complete, free', async () => {
    await throughMenu('user.menu.my-orders');
    await page.waitForURL((url) => url.pathname === '/my-orders');
    const group = page.getByRole('region', { name: CONCERT_TITLE });
    const row = group.getByRole('row').filter({ has: page.getByRole('link', { name: orderId.slice(0, 8).toUpperCase() }) });
    await row.waitFor();
    expect(await row.getByText(t('my-orders.status.complete')).count()).toBe(1);
    expect(await row.getByText(t('common.free'), { exact: true }).count()).toBe(1);
    expect(await row.textContent()).toContain(`${ADA.givenName} ${ADA.familyName} (Free entry)`);
    await checkBothWidths('my-orders');
    await row.getByRole('link', { name: orderId.slice(0, 8).toUpperCase() }).click();
    await page.waitForURL((url) => stepPath('success').test(url.pathname));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('follows a link to the order from a page of another site (a web mail) and is still signed in there', async () => {
    // localhost is another site than 127.0.0.1 to the browser: the navigation from it is a cross-site one
    const port = await freePort();
    const orderLink = `${baseUrl()}/event/${CONCERT}/reservation/${orderId}/success`;
    const mail = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox</title></head><body><a href="${orderLink}">Your order</a></body></html>`);
    });
    await new Promise<void>((resolve) => mail.listen(port, '127.0.0.1', resolve));
    try {
      const sessionBefore = (await context.cookies(baseUrl())).find((c) => c.name === 'ALFIO_SESSION')?.value;
      const visited: string[] = [];
      const track = (frame: Frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      };
      page.on('framenavigated', track);
      await page.goto(`http://localhost:${port}/`);
      await page.getByRole('link', { name: 'Your order' }).click();
      await page.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', CONCERT_TITLE) }).waitFor();
      page.off('framenavigated', track);
      // straight to the order: no new session over the signed-in one, no trip through the provider's login
      expect(visited.filter((url) => new URL(url).origin === new URL(provider!.issuer).origin)).toEqual([]);
      expect((await context.cookies(baseUrl())).find((c) => c.name === 'ALFIO_SESSION')?.value).toBe(sessionBefore);
      await expect.poll(() => userMenu().textContent()).toContain(`${ADA.givenName} ${ADA.familyName}`);
    } finally {
      await new Promise((resolve) => mail.close(resolve));
    }
  });

  it('opens the order where nobody is signed in through the login, back on its page; another account is told whose it is', async () => {
    // the link of the confirmation e-mail, in browsers without a session (reference 3.3: 401 to anyone but the owner)
    const link = `${baseUrl()}/event/${CONCERT}/reservation/${orderId}/success`;
    for (const person of [ADA, GRACE]) {
      const elsewhere = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
      try {
        const other = await elsewhere.newPage();
        await other.goto(link);
        await other.getByRole('heading', { name: 'Sign in' }).waitFor();
        expect(new URL(other.url()).origin).toBe(new URL(provider!.issuer).origin);
        await other.getByLabel('E-mail').fill(person.email);
        await other.getByLabel('Password').fill(person.password);
        await other.getByRole('button', { name: 'Sign in' }).click();
        await other.waitForURL((url) => url.origin === baseUrl() && stepPath('success').test(url.pathname));
        if (person === ADA) {
          await other.getByRole('heading', { level: 1, name: t('reservation-page-complete.header.title', CONCERT_TITLE) }).waitFor();
        } else {
          const heading = other.getByRole('heading', { level: 1, name: t('storefront.reservation.other-account.title') });
          await heading.waitFor();
          expect(await other.getByRole('alert').filter({ has: heading }).textContent()).toContain(t('storefront.reservation.other-account.text'));
          expect(await axeViolations(other)).toEqual([]);
        }
      } finally {
        await elsewhere.close();
      }
    }
  });

  it('edits the profile: saved with a toast, and a reload shows it', async () => {
    await throughMenu('user.menu.my-profile');
    await page.waitForURL((url) => url.pathname === '/my-profile');
    await page.getByRole('heading', { level: 1, name: t('my-profile.title') }).waitFor();
    expect(await field(page, 'common.first-name').inputValue()).toBe(ADA.givenName);
    await field(page, 'common.first-name').fill('');
    await page.getByRole('button', { name: t('common.confirm') }).click();
    // the name is required: said under the field, the focus on it
    await expect.poll(() => field(page, 'common.first-name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('firstName');
    await field(page, 'common.first-name').fill(EDITED.firstName);
    await field(page, 'common.last-name').fill(EDITED.lastName);
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v2/public/user/me');
    await page.getByRole('button', { name: t('common.confirm') }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: t('my-profile.update.success') }).waitFor();
    await checkBothWidths('my-profile');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: t('my-profile.title') }).waitFor();
    expect(await field(page, 'common.first-name').inputValue()).toBe(EDITED.firstName);
    expect(await field(page, 'common.last-name').inputValue()).toBe(EDITED.lastName);
    await expect.poll(() => userMenu().textContent()).toContain(`${EDITED.firstName} ${EDITED.lastName}`);
  });

  it('deletes the profile once acknowledged: signed out at the provider, home, told so', async () => {
    const zone = page.getByRole('region', { name: t('my-profile.danger-zone') });
    const remove = zone.getByRole('button', { name: t('my-profile.delete-profile') });
    expect(await remove.isDisabled()).toBe(true);
    await zone.getByRole('checkbox', { name: t('my-profile.delete-profile.confirm') }).check();
    await checkBothWidths('my-profile-danger');
    await remove.click();
    // the provider asks before it ends its own session (RP-initiated logout), then sends the visitor home
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === '/');
    await page.getByRole('status').filter({ hasText: t('my-profile.delete.success') }).waitFor();
    await page.getByRole('link', { name: t('user.menu.login'), exact: true }).waitFor();
    // my orders is for signed-in users only: home
    await page.goto(`${baseUrl()}/my-orders`);
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.evaluate(async () => (await fetch('/api/v2/public/user/me')).status);
    expect(me).toBe(204);
  });

  it('leaves a log that still verifies and holds neither the names nor the e-mail in clear', async () => {
    const verified = spawnSync(process.execPath, ['dist/api/cli.js', 'audit', 'verify-log'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: app!.database.url }, timeout: 120_000 });
    expect(verified.status, `${verified.stdout}${verified.stderr}`).toBe(0);
    expect(verified.stdout).toMatch(/^log intact: \d+ stream\(s\), \d+ event\(s\), 0 problem\(s\)$/m);
    const { rows } = await app!.database.db.query<{ row: string }>(
      `select concat_ws(' ', stream_id, type, data::text, metadata::text, personal_subject_id, encode(personal_ciphertext, 'escape')) as row from events order by position`,
    );
    const log = rows.map((r) => r.row).join('\n');
    // the order and the account are in the log, as events
    expect(log).toContain(orderId);
    expect(log).toMatch(/UserDeleted/);
    // `"Ada"` as JSON has it (a bare "Ada" could turn up in the ciphertexts' random bytes)
    for (const trace of [ADA.email, `"${ADA.givenName}"`, ADA.familyName, EDITED.firstName, EDITED.lastName]) expect(log).not.toContain(trace);
    expect(errors).toEqual([]);
  });
});
