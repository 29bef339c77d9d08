/** What the server puts into the page so the first render needs no request (read by apps/storefront). */
export interface PreloadedData {
  readonly info: unknown;
  readonly lang: string;
  readonly bundle: Record<string, string>;
  readonly languages: readonly { locale: string; displayLanguage: string }[];
  /** On event routes: the event (`EventWithAdditionalInfo`), as GET /api/v2/public/event/{shortName} answers it. */
  readonly event?: unknown;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// JSON inside <script> must not be able to close the element or open a comment.
const escapeScriptJson = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** `signedUp`: the first page after the login that registered the person (`data-signed-up` on the root, as alf.io marks it). */
export function renderShell(template: string, page: { sessionId: string; xsrfToken: string; data: PreloadedData; signedUp?: boolean }): string {
  const head = [
    `<meta name="GID" content="${escapeAttribute(page.sessionId)}">`,
    `<meta name="XSRF_TOKEN" content="${escapeAttribute(page.xsrfToken)}">`,
    `<script type="application/json" id="preloaded-data">${escapeScriptJson(JSON.stringify(page.data))}</script>`,
  ].join('\n    ');
  return template
    .replace(/<html([^>]*)\blang="[^"]*"/, `<html$1lang="${escapeAttribute(page.data.lang)}"`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root">', page.signedUp ? '<div id="root" data-signed-up>' : '<div id="root">');
}
