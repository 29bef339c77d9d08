import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './browser.js';
import { axeViolations } from './axe.js';

const baseUrl = inject('baseUrl');

describe('the storefront shell in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function open(path: string, viewport = DESKTOP, locale = 'en-US'): Promise<{ page: Page; apiCalls: string[]; errors: string[] }> {
    const context = await browser.newContext({ viewport, locale });
    const page = await context.newPage();
    const apiCalls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { page, apiCalls, errors };
  }

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('renders the home page on a %s from preloaded data, with no a11y violation', async (name, viewport) => {
    const { page, apiCalls, errors } = await open('/', viewport);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    // app info, languages and messages come with the page; only the catalog lists are fetched
    expect(apiCalls.map((u) => new URL(u).pathname).sort()).toEqual(['/api/v2/public/events', '/api/v2/public/subscriptions']);
    expect(errors).toEqual([]);
    expect(await page.getByRole('combobox', { name: /language/i }).isVisible()).toBe(true);
    expect(await page.getByText('This site is running in development mode.').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `home-${name}`);
    await page.context().close();
  });

  it('picks the language by the lang query, then the browser language, and keeps a choice for the session', async () => {
    const german = await open('/?lang=de', DESKTOP, 'it-IT');
    expect(await german.page.getAttribute('html', 'lang')).toBe('de');
    await german.page.context().close();

    const { page } = await open('/', DESKTOP, 'it-IT');
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('combobox').selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    // the French bundle may arrive a moment after the lang attribute changed
    await page.waitForFunction((before) => document.querySelector('h1')?.textContent !== before, heading, { timeout: 10_000 });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await screenshot(page, 'home-desktop-fr');
    await page.context().close();
  });

  it('is usable by keyboard: the first Tab reaches the skip link, which moves focus to the content', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focused.toLowerCase()).toContain('skip');
    await page.keyboard.press('Enter');
    const target = await page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName);
    expect(target).toBeTruthy();
    expect(target).not.toBe('BODY');
    await page.context().close();
  });

  it('remembers a dismissed announcement in browser storage', async () => {
    const { page } = await open('/');
    const announcement = page.getByText('Doors open at 18:00');
    expect(await announcement.isVisible()).toBe(true);
    expect(await page.locator('.banner strong').count()).toBeGreaterThan(0); // the configured HTML is rendered
    await page.getByRole('button', { name: /dismiss announcement/i }).click();
    expect(await announcement.count()).toBe(0);
    expect(await page.evaluate(() => Object.values(localStorage))).toContain('true');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByText('Doors open at 18:00').count()).toBe(0);
    await page.getByRole('button', { name: /dismiss development mode notice/i }).click();
    expect(await page.getByText('This site is running in development mode.').count()).toBe(0);
    await page.context().close();
  });

  it('sends an address the storefront does not know back home', async () => {
    const { page } = await open('/my-orders');
    // the router redirects on the client, possibly after the network went idle
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('serves the page with its security headers and tokens', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toMatch(/<meta name="XSRF_TOKEN" content="[^"]+">/);
  });
});
