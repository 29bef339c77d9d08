import { bundleFor, type MessageKey } from '@ticketing/i18n';
import type { LoginRefusal } from './login-flow.js';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: string, title: string, head: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${head}<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;line-height:1.5}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * After a good login the browser goes on from a page of this site, not by a redirect: the provider's answer is a
 * navigation from another site, and the step from a page of ours makes the next request a same-site one, whatever
 * SameSite policy the session cookie has (Lax today; it was Strict, which a redirect would have lost).
 */
export function continuePage(returnTo: string, lang: string): string {
  const t = translator(lang);
  const target = escape(returnTo);
  return page(lang, words(lang)('login.signed-in.title'), `<meta http-equiv="refresh" content="0;url=${target}">`, `<h1>${t('login.signed-in.title')}</h1><p><a href="${target}">${t('login.continue')}</a></p>`);
}

/** The bundle's text of a key in `lang` (a supported language). */
const words =
  (lang: string) =>
  (key: MessageKey): string =>
    bundleFor(lang)[key] ?? key;

/** The same, escaped for HTML. */
const translator = (lang: string) => (key: MessageKey) => escape(words(lang)(key));

const REASONS: Record<LoginRefusal, MessageKey> = {
  'login.unknown-state': 'login.refused.unknown-state',
  'login.other-browser': 'login.refused.other-browser',
  'login.provider-error': 'login.refused.provider-error',
  'login.not-verified': 'login.refused.not-verified',
};

/**
 * A refused login in `lang` (a supported language), with a link back to `returnTo` (a checked path of this site:
 * the page the login started from, or the home page).
 */
export function refusedPage(code: LoginRefusal, lang: string, returnTo: string): string {
  const t = translator(lang);
  return page(
    lang,
    words(lang)('login.refused.title'),
    '',
    `<h1>${t('login.refused.title')}</h1><p role="alert">${t(REASONS[code])} ${t('login.refused.not-signed-in')}</p>` +
      `<p>${t('login.refused.reference')} <code>${escape(code)}</code></p>` +
      `<p><a href="${escape(returnTo)}">${t(returnTo === '/' ? 'login.back-home' : 'login.back')}</a></p>`,
  );
}

/** The identity provider could not be reached, in `lang` (a supported language). */
export function unavailablePage(lang: string): string {
  const t = translator(lang);
  return page(
    lang,
    words(lang)('login.unavailable.title'),
    '',
    `<h1>${t('login.unavailable.title')}</h1><p role="alert">${t('login.unavailable.text')}</p><p><a href="/">${t('login.back-home')}</a></p>`,
  );
}
