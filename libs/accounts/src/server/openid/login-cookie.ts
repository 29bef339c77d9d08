/** Ties a login under way to the browser that started it (its value's digest is stored with the attempt). */
export const LOGIN_COOKIE = 'ALFIO_LOGIN';

export function readLoginCookie(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === LOGIN_COOKIE) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * SameSite=Lax: it must come along on the provider's redirect back, a top-level navigation from another site.
 * Only the /openid paths see it; it lives as long as an attempt.
 */
export function loginCookie(value: string, secure: boolean, maxAgeSeconds = 600): string {
  return [`${LOGIN_COOKIE}=${value}`, 'Path=/openid', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : []), `Max-Age=${maxAgeSeconds}`].join('; ');
}

/**
 * Set by the login that registered the person, for the page it continues to: the storefront's shell marks that page
 * (`data-signed-up` on its root) so the sign-up's success toast shows once (spec 2, Chrome), and clears the cookie.
 */
export const SIGNED_UP_COOKIE = 'ALFIO_SIGNED_UP';

export function signedUpCookie(secure: boolean, maxAgeSeconds = 300): string {
  return [`${SIGNED_UP_COOKIE}=${maxAgeSeconds > 0 ? '1' : ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : []), `Max-Age=${maxAgeSeconds}`].join('; ');
}
