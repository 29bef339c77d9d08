export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const RECAPTCHA_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Google's reCAPTCHA v2 widget script, the storefront's default (RECAPTCHA_SCRIPT_URL). */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

export interface SiteverifyEndpoint {
  readonly url: string;
  readonly secret: string;
  readonly timeoutMs?: number;
}

/** `unavailable`: no usable answer (unreachable, timeout, not 2xx, not JSON); callers refuse then too. */
export type SiteverifyOutcome = 'passed' | 'rejected' | 'unavailable';

/**
 * Asks a siteverify service (Cloudflare Turnstile and Google reCAPTCHA speak the same protocol) whether a
 * client's token is good: a form-encoded POST of `secret`, `response` and `remoteip`, answered with
 * `{"success": boolean, "error-codes": [...]}`.
 */
export async function siteverify(endpoint: SiteverifyEndpoint, token: string, remoteIp: string | undefined): Promise<SiteverifyOutcome> {
  const form = new URLSearchParams({ secret: endpoint.secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  try {
    const response = await fetch(endpoint.url, { method: 'POST', body: form, signal: AbortSignal.timeout(endpoint.timeoutMs ?? 5_000) });
    if (!response.ok) return 'unavailable';
    const answer = (await response.json()) as { success?: unknown } | null;
    return answer?.success === true ? 'passed' : 'rejected';
  } catch {
    return 'unavailable';
  }
}
