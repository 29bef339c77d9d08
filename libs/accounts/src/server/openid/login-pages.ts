import type { LoginRefusal } from './login-flow.js';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, head: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${head}<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;line-height:1.5}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * After a good login the browser goes on from a page of this site, not by a redirect: the provider's answer is a
 * navigation from another site, and on such a navigation (and every redirect after it) browsers withhold the
 * SameSite=Strict session cookie; the storefront page would then start a new session over the signed-in one.
 * A page of ours sending the browser on makes the next request same-site again.
 */
export function continuePage(returnTo: string): string {
  const target = escape(returnTo);
  return page('Signed in', `<meta http-equiv="refresh" content="0;url=${target}">`, `<h1>Signed in</h1><p><a href="${target}">Continue</a></p>`);
}

const REASONS: Record<LoginRefusal, string> = {
  'login.unknown-state': 'This sign-in is unknown, was used already or took too long.',
  'login.other-browser': 'This sign-in was started in another browser.',
  'login.provider-error': 'The sign-in was cancelled or refused by the identity provider.',
  'login.not-verified': 'The identity provider\'s answer could not be verified.',
};

export function refusedPage(code: LoginRefusal): string {
  return page(
    'Sign-in failed',
    '',
    `<h1>Sign-in failed</h1><p role="alert">${escape(REASONS[code])} You are not signed in.</p><p>Reference: <code>${escape(code)}</code></p><p><a href="/">Back to the home page</a></p>`,
  );
}

export function unavailablePage(): string {
  return page('Sign-in unavailable', '', '<h1>Sign-in unavailable</h1><p role="alert">The identity provider cannot be reached. Please try again later.</p><p><a href="/">Back to the home page</a></p>');
}
