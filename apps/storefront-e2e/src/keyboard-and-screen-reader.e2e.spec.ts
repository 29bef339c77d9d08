import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { DESKTOP, launchBrowser } from './browser.js';
import { ordersOn } from './orders.js';

/**
 * Accessibility beyond axe (issue 19 item 2), in chromium against the app with the demo catalog: a purchase made with
 * the keyboard alone (Tab, Shift+Tab, Enter, Space and the arrow keys through page.keyboard; no click, no mouse event
 * reaches the page), the focus on each new page's heading and the page said in a live region, a modal that keeps
 * the focus inside and gives it back, reduced motion honoured, and a screen-reader pass over the booking form through
 * chromium's accessibility tree (every control has a name; a refused submit marks the fields invalid, describes them
 * with their error and says it).
 */
const baseUrl = inject('baseUrl');
const orders = ordersOn(baseUrl);
const en = bundles.en as Record<string, string>;
const t = (key: string, ...args: (string | number)[]) => (en[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

const STUDIO = 'seeklang-studio-session';
const WINTER = 'seeklang-winterfestival-2027';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (event: string, step: string) => new RegExp(`^/event/${event}/reservation/${UUID}/${step}$`);

/** Counts every pointer or mouse event the page receives, and every click that did not come from a key. */
const COUNT_POINTER_EVENTS = `(() => {
  window.__pointerEvents = [];
  for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'mousemove', 'click', 'touchstart']) {
    window.addEventListener(type, (e) => {
      if (!e.isTrusted) return;
      if (type === 'click' && e.detail === 0) return; // a click a key made (Enter, Space) says detail 0
      window.__pointerEvents.push(type);
    }, true);
  }
})()`;

const pointerEvents = (page: Page) => page.evaluate(() => (window as unknown as { __pointerEvents: string[] }).__pointerEvents);

/** What has the focus: its tag, name attribute, accessible-ish label and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e) return null;
    return {
      tag: e.tagName.toLowerCase(),
      type: e.getAttribute('type'),
      name: e.getAttribute('name'),
      label: e.getAttribute('aria-label') ?? (e.id ? document.querySelector(`label[for="${CSS.escape(e.id)}"]`)?.textContent?.trim() : null) ?? null,
      text: e.textContent?.trim() ?? '',
      value: (e as HTMLInputElement).value ?? null,
      inMain: !!e.closest('main'),
    };
  });

type Focused = NonNullable<Awaited<ReturnType<typeof focused>>>;

/** Presses Tab (or Shift+Tab) until `wanted` holds for the focused element; at most `limit` presses. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, { back = false, limit = 80 } = {}): Promise<Focused> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now && wanted(now)) return now;
  }
  throw new Error(`no such element within ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus is on ${JSON.stringify(await focused(page))}`);
}

/** After a navigation: the focus on the new page's main heading, and its text in the live region. */
async function expectFocusOnHeading(page: Page, heading: string) {
  await page.waitForFunction(() => document.activeElement?.matches('main h1') === true, null, { timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`the focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300))}`, { cause: error });
  });
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toContain(heading);
  await page.waitForFunction((text) => Array.from(document.querySelectorAll('[role="status"][aria-live="polite"]')).some((e) => e.textContent?.includes(text)), heading);
}

describe('keyboard and screen reader, in chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('buys a stream ticket from the event page to the success page with the keyboard alone', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(COUNT_POINTER_EVENTS);
    await page.goto(`${baseUrl}/event/${STUDIO}`, { waitUntil: 'networkidle' });

    // the event page: the first stop is the skip link; the quantity of the stream, chosen with an arrow key
    expect((await tabTo(page, () => true)).text).toBe(t('storefront.skip-to-content'));
    await tabTo(page, (f) => f.tag === 'select' && f.label === t('a11y.quantity-for', 'Livestream'));
    await page.keyboard.press('ArrowDown');
    expect((await focused(page))?.value).toBe('1');
    await tabTo(page, (f) => f.tag === 'button' && f.type === 'submit' && f.text === t('show-event.continue'));
    await page.keyboard.press('Enter');

    // the booking step: contact, then every empty text field of the attendee until Continue
    await page.waitForURL((url) => stepPath(STUDIO, 'book').test(url.pathname));
    await expectFocusOnHeading(page, t('breadcrumb.step2'));
    const values: Record<string, string> = { firstName: 'Grace', lastName: 'Hopper', email: 'grace.keyboard@example.org' };
    for (;;) {
      const now = await tabTo(page, (f) => f.tag === 'input' || (f.tag === 'button' && f.type === 'submit'));
      if (now.tag === 'button') break;
      const field = Object.keys(values).find((k) => now.name === k || now.name?.endsWith(`.${k}`));
      if (field && !now.value) await page.keyboard.type(values[field]!);
    }
    // Shift+Tab goes back into the form, Tab forward again to Continue
    expect((await tabTo(page, (f) => f.tag === 'input', { back: true })).tag).toBe('input');
    await tabTo(page, (f) => f.tag === 'button' && f.type === 'submit');
    await page.keyboard.press('Enter');

    // the overview: the consents ticked with Space, then confirm with Enter
    await page.waitForURL((url) => stepPath(STUDIO, 'overview').test(url.pathname));
    await expectFocusOnHeading(page, t('breadcrumb.step3.free'));
    const boxes = await page.locator('main form input[type="checkbox"][required], main form input[type="checkbox"][aria-required="true"]').count();
    for (let i = 0; i < Math.max(boxes, 1); i++) {
      await tabTo(page, (f) => f.tag === 'input' && f.type === 'checkbox' && f.value !== null);
      if (!(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked))) await page.keyboard.press('Space');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
    }
    await tabTo(page, (f) => f.tag === 'button' && f.type === 'submit');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => stepPath(STUDIO, 'success').test(url.pathname), { timeout: 30_000 });
    await expectFocusOnHeading(page, '');
    const id = new URL(page.url()).pathname.split('/')[4]!;
    expect(await orders.status(id)).toBe('COMPLETE');
    expect(await pointerEvents(page)).toEqual([]);
    await context.close();
  });

  it('keeps the focus inside the cancel dialog and gives it back to its button on Escape', async () => {
    const id = await orders.held(WINTER, 'Festival pass (3 days)');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(COUNT_POINTER_EVENTS);
    await page.goto(`${baseUrl}/event/${WINTER}/reservation/${id}/book`, { waitUntil: 'networkidle' });
    await tabTo(page, (f) => f.tag === 'button' && f.text === t('reservation-page.cancel-reservation'), { limit: 150 });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null), `the focus after ${key}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focused(page))?.text).toBe(t('reservation-page.cancel-reservation'));
    expect(await orders.status(id)).toBe('PENDING');
    expect(await pointerEvents(page)).toEqual([]);
    await context.close();
  });

  /** The longest animation or transition of any element (and its ::before, ::after), in ms. */
  const longestMotion = (page: Page) =>
    page.evaluate(() => {
      const ms = (value: string) => Math.max(...value.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000)));
      let longest = 0;
      for (const element of Array.from(document.querySelectorAll('*'))) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          if (style.animationName !== 'none') longest = Math.max(longest, ms(style.animationDuration));
          longest = Math.max(longest, ms(style.transitionDuration));
        }
      }
      for (const animation of document.getAnimations()) {
        const duration = animation.effect?.getComputedTiming().duration;
        if (typeof duration === 'number') longest = Math.max(longest, duration);
      }
      return longest;
    });

  it.each([
    ['reduce', (ms: number) => expect(ms).toBeLessThanOrEqual(0.01)],
    ['no-preference', (ms: number) => expect(ms).toBeGreaterThan(0.01)],
  ] as const)('honours prefers-reduced-motion: %s (reduced, nothing moves for longer than 0.01 ms; else the spinner and toast do)', async (reducedMotion, check) => {
    const id = await orders.held(WINTER, 'Festival pass (3 days)');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', reducedMotion });
    const page = await context.newPage();
    for (const path of [`/event/${WINTER}`, `/event/${WINTER}/reservation/${id}/book`]) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      // what moves in the app when it is busy: a spinner (a button in progress, a part loading) and a toast coming in
      await page.evaluate(() =>
        document.querySelector('main')!.insertAdjacentHTML('beforeend', '<span class="spinner"></span><div class="part-placeholder"></div><div class="toast">x</div>'),
      );
      check(await longestMotion(page));
    }
    await context.close();
  });

  it('names every control of the booking form in the accessibility tree, and says what is wrong after a refused submit', async () => {
    const id = await orders.held(WINTER, 'Festival pass (3 days)');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/event/${WINTER}/reservation/${id}/book`, { waitUntil: 'networkidle' });
    await page.locator('form.checkout-form button[type="submit"]').waitFor();
    const cdp = await context.newCDPSession(page);

    interface AxNode {
      nodeId: string;
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      description?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
      backendDOMNodeId?: number;
    }
    const tree = async () => ((await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] }).nodes.filter((n) => !n.ignored);
    const CONTROLS = new Set(['textbox', 'combobox', 'checkbox', 'radio', 'button', 'spinbutton', 'listbox', 'searchbox', 'switch', 'slider', 'link', 'menuitem', 'option']);
    const controls = (await tree()).filter((n) => CONTROLS.has(n.role?.value ?? ''));
    // the form is all there: contact, attendee and its extra fields, the buttons
    expect(controls.filter((n) => n.role?.value === 'textbox').length).toBeGreaterThanOrEqual(6);
    expect(controls.filter((n) => !n.name?.value?.trim()).map((n) => `${n.role?.value} #${n.backendDOMNodeId}`)).toEqual([]);

    // submitted empty (the contact cleared with the keyboard): invalid, described by their error, and said
    const contact = page.locator('main input[name="firstName"]');
    await contact.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.locator('form.checkout-form button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('main [aria-invalid="true"]').first().waitFor();
    const after = await tree();
    const invalid = after.filter((n) => n.properties?.some((p) => p.name === 'invalid' && p.value.value !== 'false'));
    expect(invalid.length).toBeGreaterThan(0);
    for (const field of invalid) {
      expect(field.name?.value, 'an invalid field keeps its name').toBeTruthy();
      expect(field.description?.value ?? '', `${field.name?.value} is described by its error`).toMatch(/\S/);
    }
    // each is described by the very text shown under it (aria-describedby)
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main [aria-invalid="true"]')).map((e) =>
        (e.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' '),
      ),
    );
    expect(shown.length).toBe(invalid.length);
    expect(invalid.map((n) => n.description?.value?.trim()).sort()).toEqual([...shown].sort());
    expect(shown).toContain(t('error.STEP_2_EMPTY_FIRSTNAME'));
    // the focus on the first of them, and the summary in an alert (a live region: said wherever the focus is)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await page.getByRole('alert').filter({ hasText: t('reservation-page-complete.please-check-input-fields') }).count()).toBe(1);
    await context.close();
  });
});
