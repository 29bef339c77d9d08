/**
 * What the server puts into the page so the first render needs no request (read by apps/storefront,
 * src/app/preloaded-data.ts): the answers of the GET calls that render makes, by the call's path, each as the call
 * answers it. The storefront's query key of a call without query parameters is `[path]` (its generated client's).
 */
export type PreloadedAnswers = Readonly<Record<string, unknown>>;

/** The paths of the calls whose answers the shell preloads: the storefront's query keys (see PreloadedAnswers). */
export const preloadedPaths = {
  info: '/api/v2/info',
  languages: '/api/v2/public/i18n/languages',
  bundle: (lang: string) => `/api/v2/public/i18n/bundle/${lang}`,
  event: (shortName: string) => `/api/v2/public/event/${shortName}`,
  ticketCategories: (shortName: string) => `/api/v2/public/event/${shortName}/ticket-categories`,
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// JSON inside <script> must not be able to close the element or open a comment.
const escapeScriptJson = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * `openIdEnabled`: what the `Alfio-OpenId-Enabled` header of every API GET says (visitors can sign in), for a first
 * render that makes no call. `signedUp`: the first page after the login that registered the person
 * (`data-signed-up` on the root, as alf.io marks it).
 */
export function renderShell(
  template: string,
  page: {
    sessionId: string;
    xsrfToken: string;
    lang: string;
    answers: PreloadedAnswers;
    openIdEnabled: boolean;
    signedUp?: boolean;
    /** Where the reCAPTCHA widget is loaded from, when a site key is configured (RECAPTCHA_SCRIPT_URL). */
    recaptchaScriptUrl?: string | null;
    /** Where gtag.js is loaded from, when a measurement id is configured (GOOGLE_ANALYTICS_SCRIPT_URL). */
    analyticsScriptUrl?: string | null;
  },
): string {
  const head = [
    `<meta name="GID" content="${escapeAttribute(page.sessionId)}">`,
    `<meta name="XSRF_TOKEN" content="${escapeAttribute(page.xsrfToken)}">`,
    `<meta name="Alfio-OpenId-Enabled" content="${String(page.openIdEnabled)}">`,
    ...(page.recaptchaScriptUrl ? [`<meta name="recaptcha-script" content="${escapeAttribute(page.recaptchaScriptUrl)}">`] : []),
    ...(page.analyticsScriptUrl ? [`<meta name="analytics-script" content="${escapeAttribute(page.analyticsScriptUrl)}">`] : []),
    `<script type="application/json" id="preloaded-data">${escapeScriptJson(JSON.stringify(page.answers))}</script>`,
  ].join('\n    ');
  return template
    .replace(/<html([^>]*)\blang="[^"]*"/, `<html$1lang="${escapeAttribute(page.lang)}"`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root">', page.signedUp ? '<div id="root" data-signed-up>' : '<div id="root">');
}
