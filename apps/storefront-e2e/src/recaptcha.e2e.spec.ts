import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Browser, Page } from 'playwright-core';
import { bundles } from '@ticketing/i18n';
import { freePort } from '@ticketing/postgres';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '@ticketing/testing/app';
import { axeViolations } from './axe.js';
import { DESKTOP, launchBrowser } from './browser.js';
import { startOwnApp, type OwnApp } from './own-app.js';

/**
 * The legacy reCAPTCHA (public-api.md 1.4, 12.2, 21) in chromium against the built app: the free Seeklang Studio
 * Session of the demo catalog asks for it on ticket selection and on its free confirmation. The app has a site key and
 * a secret; it verifies answers at a local siteverify (the real verifier, over HTTP) and names a local stand-in of
 * Google's api.js as the widget's script (RECAPTCHA_SCRIPT_URL), which the page's content security policy must let
 * load. The stand-in renders a checkbox button that answers SOLVED when pressed, as Google's does once solved.
 */
const t = (key: string, ...args: (string | number)[]) =>
  ((bundles.en as Record<string, string>)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, i: string) => String(args[Number(i)] ?? ''));

const EVENT = 'seeklang-studio-session';
const SITE_KEY = 'e2e-recaptcha-site-key';
const SECRET = 'e2e-recaptcha-secret';
const SOLVED = 'e2e-recaptcha-solved';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const stepPath = (step: string) => new RegExp(`^/event/${EVENT}/reservation/(${UUID})/${step}$`);

/** Google's script as far as the storefront uses it: explicit render, reset, and the `onload` callback it names. */
const FAKE_API_JS = `(function () {
  var widgets = [];
  window.grecaptcha = {
    render: function (container, parameters) {
      var box = document.createElement('button');
      box.type = 'button';
      box.textContent = "I'm not a robot";
      box.setAttribute('aria-pressed', 'false');
      box.onclick = function () { box.setAttribute('aria-pressed', 'true'); parameters.callback('${SOLVED}'); };
      container.appendChild(box);
      widgets.push({ box: box, sitekey: parameters.sitekey });
      window.__recaptchaWidgets = widgets.map(function (w) { return w.sitekey; });
      return widgets.length - 1;
    },
    reset: function (id) { widgets[id].box.setAttribute('aria-pressed', 'false'); },
  };
  var onload = new URL(document.currentScript.src).searchParams.get('onload');
  setTimeout(function () { window[onload](); }, 0);
})();`;

async function startScriptStandIn(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const port = await freePort();
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    response.end(FAKE_API_JS);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}/recaptcha/api.js`, requests };
}

/** The demo catalog's organizers and the studio session alone, asking for the captcha on both occasions. */
function captchaCatalog(dir: string): string {
  const demo = parse(readFileSync('tools/catalog/demo/demo.catalog.yaml', 'utf8')) as { organizers: unknown[]; events: Record<string, unknown>[] };
  const event = demo.events.find((e) => e['shortName'] === EVENT)!;
  delete event['image'];
  const file = join(dir, 'recaptcha.catalog.yaml');
  writeFileSync(file, stringify({ organizers: demo.organizers, events: [{ ...event, captcha: { captchaForTicketSelection: true, captchaForOfflinePaymentAndFree: true } }] }));
  return file;
}

describe('reCAPTCHA on the event page and the free overview', () => {
  let browser: Browser;
  let app: OwnApp | undefined;
  let siteverify: SiteverifyStandIn;
  let script: Awaited<ReturnType<typeof startScriptStandIn>>;
  let dir = '';

  beforeAll(async () => {
    siteverify = await startSiteverifyStandIn(SECRET, SOLVED);
    script = await startScriptStandIn();
    dir = mkdtempSync(join(tmpdir(), 'recaptcha-e2e-'));
    app = await startOwnApp({
      database: 'e2e-recaptcha',
      catalog: captchaCatalog(dir),
      mailFrom: 'tickets@seeklang.example.org',
      env: { RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET: SECRET, RECAPTCHA_VERIFY_URL: siteverify.url, RECAPTCHA_SCRIPT_URL: script.url },
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await siteverify?.close();
    await new Promise((r) => script?.server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  async function open() {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    return { page, errors };
  }

  const captchaGroup = (page: Page) => page.getByRole('group', { name: t('captcha.label') });
  const robotBox = (page: Page) => captchaGroup(page).getByRole('button', { name: "I'm not a robot" });
  const refused = (page: Page) => page.getByRole('alert').filter({ hasText: t('error.STEP_2_CAPTCHA_VALIDATION_FAILED') });

  it('asks for the captcha before reserving and before confirming the free order, and sells once it is answered', async () => {
    const { page, errors } = await open();
    await page.goto(`${app!.baseUrl}/event/${EVENT}`, { waitUntil: 'networkidle' });
    await robotBox(page).waitFor();
    // the widget's script came from the configured address, in the page's language, with the event's key
    expect(script.requests.map((u) => new URL(u, script.url).searchParams.get('hl'))).toEqual(['en']);
    expect(await page.evaluate(() => (window as unknown as { __recaptchaWidgets: string[] }).__recaptchaWidgets)).toEqual([SITE_KEY]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('combobox', { name: t('a11y.quantity-for', 'Livestream') }).selectOption('1');
    // not answered: the server refuses, the page says so
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await refused(page).waitFor();
    expect(siteverify.calls).toEqual([]);

    // answered with the keyboard: the token goes with the selection and passes the real verifier
    await robotBox(page).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: t('show-event.continue') }).click();
    await page.waitForURL((url) => stepPath('book').test(url.pathname));
    expect(siteverify.calls.map((c) => [c.secret, c.response])).toEqual([[SECRET, SOLVED]]);

    await page.getByRole('heading', { level: 1, name: t('breadcrumb.step2') }).waitFor();
    const contact = page.getByRole('region', { name: t('reservation-page.your-details') });
    await contact.getByRole('textbox', { name: new RegExp(`^${t('common.first-name')}`) }).fill('Lena');
    await contact.getByRole('textbox', { name: new RegExp(`^${t('common.last-name')}`) }).fill('Frei');
    await contact.getByRole('textbox', { name: new RegExp(`^${t('common.email')}`) }).fill('lena.captcha@example.org');
    await page.getByRole('button', { name: t('reservation-page.continue') }).click();
    await page.waitForURL((url) => stepPath('overview').test(url.pathname));

    // the free order's overview asks again (a token is good for one verification)
    await robotBox(page).waitFor();
    await page.getByRole('checkbox', { name: new RegExp(t('reservation-page.tc.link.text')) }).check();
    const privacy = page.getByRole('checkbox', { name: new RegExp(t('reservation-page.privacy.link.text')) });
    if (await privacy.count()) await privacy.check();
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await refused(page).waitFor();
    await robotBox(page).click();
    await page.getByRole('button', { name: t('reservation-page.confirm-free') }).click();
    await page.waitForURL((url) => stepPath('success').test(url.pathname));
    expect(siteverify.calls.map((c) => c.response)).toEqual([SOLVED, SOLVED]);
    expect(errors).toEqual([]);
  });
});
