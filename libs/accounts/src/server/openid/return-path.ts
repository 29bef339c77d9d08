const BASE = 'http://return.invalid';

/**
 * A path on this site to come back to after the login, never another site's address (an open redirect would let a
 * link on any page send a visitor, signed in, wherever it likes). Anything else is the home page.
 */
export function safeReturnPath(value: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (!value || value.length > 1024 || !value.startsWith('/') || /[\u0000-\u001f\\]/.test(value) || value.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : '/';
}
