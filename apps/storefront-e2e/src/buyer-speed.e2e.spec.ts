import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, PHONE, launchBrowser } from './browser.js';
import { ordersOn } from './orders.js';

/**
 * What makes the storefront feel fast to a buyer (issue 19 item 4), in chromium against the app with the demo catalog:
 * the booking step's code (its page and the attendee forms it opens with) is asked for as soon as a quantity is
 * picked, before Continue, so that the step after Continue shows whole, without a placeholder or an empty main in any
 * frame; images carry their size and those below the fold load lazily; nothing (no font) comes from another origin.
 */
const baseUrl = inject('baseUrl');
const orders = ordersOn(baseUrl);
const en = bundles.en as Record<string, string>;
const t = (key: string, ...args: (string | number)[]) => (en[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

const WINTER = 'seeklang-winterfestival-2027';
const PASS = 'Festival pass (3 days)';

/** Every frame from now on: the main heading's text (null when main shows none) and whether a part shows its placeholder. */
const SAMPLE_FRAMES = `(() => {
  window.__frames = [];
  const sample = () => {
    const main = document.querySelector('main');
    window.__frames.push({
      path: location.pathname,
      heading: main?.querySelector('h1')?.textContent?.trim() || null,
      placeholder: document.querySelector('.part-placeholder') !== null,
    });
    if (!window.__stopFrames) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})()`;

interface Frame {
  readonly path: string;
  readonly heading: string | null;
  readonly placeholder: boolean;
}

describe('speed a buyer feels, in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('asks for the booking step and its attendee forms when a quantity is picked, and shows the step after Continue with no blank frame', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl}/event/${WINTER}`, { waitUntil: 'networkidle' });
    const bookingCode = /\/assets\/(booking-page|attendees-section|attendee-form)-[\w-]+\.js$/;
    expect(scripts.filter((s) => bookingCode.test(s))).toEqual([]);

    await page.getByRole('combobox', { name: t('a11y.quantity-for', PASS) }).selectOption('1');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => scripts.map((s) => bookingCode.exec(s)?.[1]).filter(Boolean).sort(), { timeout: 10_000 }).toEqual([
      'attendee-form',
      'attendees-section',
      'booking-page',
    ]);
    const before = scripts.length;

    await page.evaluate(SAMPLE_FRAMES);
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => /\/reservation\/[\w-]+\/book$/.test(url.pathname));
    await page.locator('form.checkout-form button[type="submit"]').waitFor();
    // a few frames of the new page too
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
    const frames = await page.evaluate(() => {
      (window as unknown as { __stopFrames: boolean }).__stopFrames = true;
      return (window as unknown as { __frames: Frame[] }).__frames;
    });
    expect(frames.length).toBeGreaterThan(3);
    expect(frames.filter((f) => f.heading === null || f.placeholder)).toEqual([]);
    expect(frames.at(0)?.path).toBe(`/event/${WINTER}`);
    expect(frames.at(-1)?.heading).toContain(t('breadcrumb.step2'));
    // nothing of the booking step's code was still to come after Continue
    expect(scripts.slice(before).filter((s) => bookingCode.test(s))).toEqual([]);
    await context.close();
  });

  /** Each image: its size attributes, whether it loads lazily, and whether it starts below the fold. */
  const images = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.images).map((image) => ({
        src: image.getAttribute('src'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        lazy: image.loading === 'lazy',
        belowFold: image.getBoundingClientRect().top + window.scrollY > window.innerHeight,
        className: image.className,
      })),
    );

  it.each([
    ['home', '375 px', '/', PHONE],
    ['event page', '375 px', `/event/${WINTER}`, PHONE],
    ['event page', '1280 px', `/event/${WINTER}`, DESKTOP],
  ])('sizes every image of the %s at %s and loads those below the fold lazily', async (_, __, path, viewport) => {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    const found = await images(page);
    expect(found.length).toBeGreaterThan(0);
    for (const image of found) {
      expect(Number(image.width), `${image.src} width`).toBeGreaterThan(0);
      expect(Number(image.height), `${image.src} height`).toBeGreaterThan(0);
      if (image.belowFold) expect(image.lazy, `${image.src} is below the fold`).toBe(true);
    }
    // the event's own image is what a visitor sees first: never lazy
    for (const header of found.filter((i) => i.className.includes('event-header__image'))) expect(header.lazy).toBe(false);
    // the page's images keep their place: the box is the one the attributes announce, as laid out
    const boxes = await page.evaluate(() => Array.from(document.images).map((i) => i.getBoundingClientRect().height));
    for (const height of boxes) expect(height).toBeGreaterThan(0);
    if (path === '/') expect(found.some((i) => i.belowFold)).toBe(true);
    await context.close();
  });

  it('asks no other origin for anything (fonts are the system ones or served by the app)', async () => {
    const id = await orders.held(WINTER, PASS);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${baseUrl}/`) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      if (r.resourceType() === 'font') fonts.push(r.url());
    });
    for (const path of ['/', `/event/${WINTER}`, `/event/${WINTER}/reservation/${id}/book`]) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
    }
    expect(elsewhere).toEqual([]);
    expect(fonts.filter((f) => !f.startsWith(`${baseUrl}/`))).toEqual([]);
    await context.close();
  });
});
