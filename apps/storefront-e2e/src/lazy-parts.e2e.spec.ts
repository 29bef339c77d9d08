import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, launchBrowser } from './browser.js';

/**
 * A part of a page whose chunk does not load, in chromium against the built app (Vite's own preload helper):
 * the chunk of the sold-out Kerzenlicht concert's waiting list answers 404, as the old names of a build do after a
 * deploy. main.tsx reloads the page once for Vite's `vite:preloadError`; when the chunk still fails after that, the
 * page shows without the part rather than the error page, and does not reload again.
 */
const baseUrl = inject('baseUrl');
const SOLD_OUT = 'kerzenlicht-kammermusik';

describe('a chunk gone after a deploy, in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('reloads the page once, then shows it without the part, not the error page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await context.route('**/assets/waiting-list-section-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    const page = await context.newPage();
    // documents asked for (not the router's history updates, which are navigations too)
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
    });
    await page.goto(`${baseUrl}/event/${SOLD_OUT}`, { waitUntil: 'networkidle' });
    await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(2);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // the second failure is left to the page: no third load, no error page, the rest of the page in place
    await page.waitForTimeout(1_000);
    expect(loads).toHaveLength(2);
    expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload'))).toBe('1');
    for (const bundle of [bundles.en, bundles.de]) {
      expect(await page.getByText(bundle['server-error']!).count()).toBe(0);
      expect(await page.getByRole('region', { name: bundle['show-event.waiting-list.title'] }).count()).toBe(0);
    }
    const tickets = page.getByRole('heading', { name: bundles.en['show-event.tickets'] }).or(page.getByRole('heading', { name: bundles.de['show-event.tickets'] }));
    expect(await tickets.count()).toBe(1);
    await context.close();
  });
});
