import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.js';
import { AntiForgery, isSessionId, newSessionId } from './anti-forgery.js';
import { readCookie, serializeCookie } from './cookies.js';

export const SESSION_HEADER = 'x-auth-token';
export const SESSION_COOKIE = 'ALFIO_SESSION';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
/**
 * Callers without a browser session: payment providers (they authenticate by signature), organizers' tools
 * (API key in the Authorization header, which a cross-site form cannot set) and browsers' CSP reports.
 */
// providers call their webhooks with no session (a forged one fails its signature or the provider read-back instead)
const CSRF_EXEMPT = [/^\/api\/webhook\//, /^\/api\/payments\/[a-z]+\/webhook\//, /^\/api\/v2\/organizer\//, /^\/report-csp-violation$/, /^\/api\/bench\//];
const SESSION_MAX_AGE_SECONDS = 2 * 60 * 60;
/**
 * Answers that are the same for everyone and cached (assets, web fonts, files, app info, API description, health): no
 * session is made for them, so no Set-Cookie spoils a shared cache. Nor for the OpenID provider's answer
 * (/openid/callback): the login knows which session it signs in, and a session made there would replace the
 * visitor's own.
 */
const STATELESS_GETS = [/^\/openid\/callback$/, /^\/assets\//, /^\/resources\//, /^\/file\//, /^\/api\/docs/, /^\/api\/openapi\.json$/, /^\/api\/health$/, /^\/api\/v2\/info$/, /^\/[^/]+\.[a-z0-9]+$/i];

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's session id: from X-Auth-Token on the public API, else the session cookie; made when absent. */
    sessionId: string;
    /** True when `sessionId` was made for this request (it came with none): nothing can be stored under it yet. */
    sessionMinted: boolean;
  }
  interface FastifyReply {
    /**
     * Origins that may frame this answer besides the site and EMBEDDING_ALLOWED_ORIGINS: a page of an event that
     * enables embedding sets its host's origin here (storefront.ts); null for every other answer.
     */
    embeddingOrigins: readonly string[] | null;
  }
}

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * Where the reCAPTCHA widget comes from, as Google's CSP guide lists it: its script (which loads more from
 * gstatic.com) and its frames. Another script address (a local stand-in) is allowed by its origin.
 */
function recaptchaSources(scriptUrl: string): { scripts: string; frames: string } {
  if (new URL(scriptUrl).origin !== 'https://www.google.com') {
    const { origin } = new URL(scriptUrl);
    return { scripts: ` ${origin}`, frames: ` ${origin}` };
  }
  return { scripts: ' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/', frames: ' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/' };
}

/**
 * Where Google Analytics 4 loads from and sends to, as Google's CSP guide lists it (gtag.js from
 * googletagmanager.com, hits to google-analytics.com and analytics.google.com); another script address (a local
 * stand-in) is allowed by its origin for all three.
 */
function analyticsSources(scriptUrl: string): { scripts: string; sends: string } {
  const { origin } = new URL(scriptUrl);
  if (origin !== 'https://www.googletagmanager.com') return { scripts: ` ${origin}`, sends: ` ${origin}` };
  // gtag.js and what it loads for GA4 (gtag/destination) only: not every tag container of googletagmanager.com
  return { scripts: ' https://www.googletagmanager.com/gtag/', sends: ' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com' };
}

/**
 * The card payment origins the storefront page talks to: Stripe.js, its frames (the card Element, 3-D Secure) and
 * its API when a real Stripe account may take cards; the Stripe stand-in (its confirm call, its 3-D Secure page)
 * in payment test mode. Nothing is added when neither is configured.
 */
export interface PaymentOrigins {
  /** A Stripe publishable key is in the environment (the catalog names credentials by variable). */
  readonly stripe: boolean;
  /** The local Stripe stand-in's base URL, in payment test mode. */
  readonly stripeStandIn: string | null;
}

const NO_PAYMENT_ORIGINS: PaymentOrigins = { stripe: false, stripeStandIn: null };

/** Whether some environment variable holds a Stripe publishable key (pk_live_... or pk_test_...). */
export const hasStripeKey = (env: Readonly<Record<string, string | undefined>>): boolean => Object.values(env).some((value) => /^pk_(live|test)_\w+$/.test(value ?? ''));

function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q < 0 ? request.url : request.url.slice(0, q);
}

/**
 * Session token, anti-forgery token, the OpenID header and security headers: the cross-cutting rules of the
 * public API (reference 1.4), applied to every request before any controller runs.
 */
export function installHttpPolicies(fastify: FastifyInstance, config: AppConfig, secret: Buffer, payments: PaymentOrigins = NO_PAYMENT_ORIGINS): void {
  const antiForgery = new AntiForgery(secret);
  const secure = config.mode === 'prod';
  const frameAncestors = (extra: readonly string[]) => [...new Set(["'self'", ...config.embeddingAllowedOrigins, ...extra])].join(' ');
  // The Turnstile widget is a script and an iframe from Cloudflare: allowed only when human verification is on.
  const challenge = config.turnstile.enabled ? ` ${TURNSTILE_ORIGIN}` : '';
  // Stripe.js from its own address (Stripe asks for it), its frames (the card Element; hooks.stripe.com runs 3-D Secure)
  const stripeJs = payments.stripe ? ' https://js.stripe.com' : '';
  // The reCAPTCHA widget of events that ask for one: allowed only when a site key lets any event show it.
  const recaptcha = config.recaptcha.siteKey ? recaptchaSources(config.recaptcha.scriptUrl) : { scripts: '', frames: '' };
  // Google Analytics: allowed only when a measurement id is configured.
  const analytics = config.analytics.key ? analyticsSources(config.analytics.scriptUrl) : { scripts: '', sends: '' };
  const frames = `${challenge}${recaptcha.frames}${payments.stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''}`;
  const standIn = payments.stripeStandIn ? ` ${new URL(payments.stripeStandIn).origin}` : '';
  const connect = `${payments.stripe ? ' https://api.stripe.com' : ''}${standIn}${analytics.sends}`;
  const cspFor = (embeddingOrigins: readonly string[]) => [
    "default-src 'self'",
    `script-src 'self'${challenge}${recaptcha.scripts}${stripeJs}${analytics.scripts}`,
    ...(frames ? [`frame-src${frames}`] : []),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${analytics.sends}`,
    "font-src 'self' data:",
    `connect-src 'self'${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${standIn}`,
    `frame-ancestors ${frameAncestors(embeddingOrigins)}`,
    'report-uri /report-csp-violation',
  ].join('; ');
  const csp = cspFor([]);

  fastify.decorateRequest('sessionId', '');
  fastify.decorateRequest('sessionMinted', false);
  fastify.decorateReply('embeddingOrigins', null);

  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const isPublicApi = path.startsWith('/api/v2/public/');
    const fromHeader = isPublicApi ? (request.headers[SESSION_HEADER] as string | undefined)?.trim() : undefined;
    const fromCookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    const existing = isSessionId(fromHeader) ? fromHeader : isSessionId(fromCookie) ? fromCookie : undefined;
    const stateless = SAFE_METHODS.has(request.method) && STATELESS_GETS.some((p) => p.test(path));
    request.sessionId = existing ?? (stateless ? '' : newSessionId());
    request.sessionMinted = !existing && !stateless;
    const cookies: string[] = [];
    if (!existing && !stateless) {
      if (isPublicApi) reply.header('X-Auth-Token', request.sessionId);
      cookies.push(sessionCookie(request.sessionId, secure));
    }

    if (SAFE_METHODS.has(request.method)) {
      if (request.method === 'GET' && path.startsWith('/api/v2')) {
        reply.header('Alfio-OpenId-Enabled', String(config.openIdEnabled));
      }
      if (request.method === 'GET' && isPublicApi) {
        const token = antiForgery.issue(request.sessionId);
        reply.header('XSRF-TOKEN', token);
        cookies.push(serializeCookie(XSRF_COOKIE, token, { httpOnly: false, secure, sameSite: 'Strict' }));
      }
    } else if (!CSRF_EXEMPT.some((p) => p.test(path))) {
      const token = (request.headers['x-csrf-token'] ?? request.headers['x-xsrf-token']) as string | undefined;
      if (!existing || !token || !antiForgery.verify(request.sessionId, token)) {
        reply.code(403).header('content-type', 'text/plain; charset=utf-8');
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send('Access to resource has been denied');
      }
    }
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return undefined;
  });

  fastify.addHook('onSend', async (_request, reply, payload) => {
    keepPersonalAnswersPrivate(reply);
    reply.header('Content-Security-Policy', reply.embeddingOrigins ? cspFor(reply.embeddingOrigins) : csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (secure) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}

/** Headers that make an answer one visitor's own: a session id, an anti-forgery token, a cookie. */
const PERSONAL_HEADERS = ['x-auth-token', 'xsrf-token', 'set-cookie'];

/**
 * An answer carrying a session id or an anti-forgery token (the first GET of a visitor mints both, every public GET
 * publishes the token) must never be kept by a shared cache, which would hand that session to the next visitor: a
 * `public` Cache-Control becomes `private` (and loses `s-maxage`, a shared cache's lifetime). The browser keeps its
 * max-age and revalidates with the ETag as before. One rule here, for every controller that marks itself cacheable.
 */
function keepPersonalAnswersPrivate(reply: FastifyReply): void {
  const cacheControl = reply.getHeader('cache-control');
  if (typeof cacheControl !== 'string' || !/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return;
  if (!PERSONAL_HEADERS.some((name) => reply.hasHeader(name))) return;
  reply.header('Cache-Control', privateCacheControl(cacheControl));
}

/** `public, max-age=1200` -> `private, max-age=1200`; `s-maxage` dropped. */
function privateCacheControl(cacheControl: string): string {
  const directives = cacheControl
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^s-maxage\s*=/i.test(d))
    .map((d) => (d.toLowerCase() === 'public' ? 'private' : d));
  return directives.join(', ');
}

/**
 * The session cookie carrying `sessionId` (HttpOnly, the session's lifetime). SameSite=Lax: a visitor who follows a
 * link from another site (the confirmation e-mail in a web mail, a search result) arrives with their session; under
 * Strict the visit came without it, a new session was made and its cookie replaced theirs, signing them out.
 * Another site still cannot act in the session: its form posts and fetches come without the cookie, and every
 * unsafe call needs the anti-forgery token besides.
 */
export function sessionCookie(sessionId: string, secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, sessionId, { httpOnly: true, secure, sameSite: 'Lax', maxAgeSeconds: SESSION_MAX_AGE_SECONDS });
}

/** The token for a page the server renders itself (the storefront shell carries it in a meta tag). */
export function issueAntiForgeryToken(secret: Buffer, sessionId: string): string {
  return new AntiForgery(secret).issue(sessionId);
}
