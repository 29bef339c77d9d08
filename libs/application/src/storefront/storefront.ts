import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleFor, chooseLanguage, languages, supportedLanguages } from '@ticketing/i18n';
import type { AlfioInfo } from '../info/info.schemas.js';
import { issueAntiForgeryToken, XSRF_COOKIE } from '../http/http-policies.js';
import { SIGNED_UP_COOKIE, signedUpCookie } from '@ticketing/accounts/server';
import { readCookie, serializeCookie } from '../http/cookies.js';
import { embeddingOriginsOf } from './embedding-origins.js';
import { preloadedPaths, renderShell } from './render-shell.js';
import { STOREFRONT_ROUTES, TICKET_ADDRESS, ticketViewAddress } from './storefront-routes.js';

export interface StorefrontOptions {
  readonly dir: string;
  readonly secret: Buffer;
  readonly secureCookies: boolean;
  /** Whether visitors can sign in (OpenID), as the API's GETs say in `Alfio-OpenId-Enabled`. */
  readonly openIdEnabled: boolean;
  /** Where the page loads the reCAPTCHA widget from (a `recaptcha-script` meta); null when no site key is configured. */
  readonly recaptchaScriptUrl?: string | null;
  /** Where the page loads gtag.js from (an `analytics-script` meta); null when no measurement id is configured. */
  readonly analyticsScriptUrl?: string | null;
  readonly info: () => AlfioInfo;
  /** The event shown by an event route, preloaded so its page renders without a request; null when unknown. */
  readonly event: (shortName: string) => Promise<unknown>;
  /** The categories the event page shows for an address without a code, preloaded likewise; null when unknown. */
  readonly ticketCategories: (shortName: string) => Promise<unknown>;
  /** A pass's view, for its pages' embedding settings (a pass's pages may be framed as an event's are); null when unknown. */
  readonly subscription?: (id: string) => Promise<unknown>;
  /**
   * Whether a reservation that exists is another purchase's than the address names (another event's, a pass's under
   * an event, an event's under a pass): its page would show that one's prices and payment details under this one.
   */
  readonly reservationElsewhere?: (type: 'event' | 'subscription', publicIdentifier: string, reservationId: string) => Promise<boolean>;
}

/** The pages of a reservation: the event's or the pass's, the reservation id and the page (`*`). */
const RESERVATION_PAGES = { '/event/:eventShortName/reservation/:reservationId/*': 'event', '/subscription/:id/reservation/:reservationId/*': 'subscription' } as const;

/** The event page (not its reservation or ticket pages), whose first render needs the event's categories too. */
const EVENT_PAGE = '/event/:eventShortName';

/**
 * Serves the built storefront on the API's port: hashed assets with a year of caching (compressed at build time),
 * and the shell page for every storefront route with the answers its first render needs (the app info, the
 * languages, the language's bundle; the event of an event route, the categories of the event page) and the
 * session's tokens preloaded (compressed per request, see http/compression.ts; never stored: no-store).
 */
export async function serveStorefront(fastify: FastifyInstance, options: StorefrontOptions): Promise<boolean> {
  const indexFile = join(options.dir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const template = readFileSync(indexFile, 'utf8');

  await fastify.register(fastifyStatic, {
    root: options.dir,
    prefix: '/',
    wildcard: false,
    index: false,
    allowedPath: (path) => path !== '/index.html',
    // The build writes a .br and a .gz beside each compressible file (apps/storefront/precompress.ts): the best
    // one the client accepts is sent, else the file itself; those copies are never routes of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (res, path) => {
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const shell = async (
    request: FastifyRequest<{ Querystring: { lang?: string; code?: unknown }; Params: { eventShortName?: string; id?: string; reservationId?: string; '*'?: string } }>,
    reply: FastifyReply,
  ) => {
    const elsewhere = await reservationElsewhere(request);
    if (elsewhere) return reply.header('Cache-Control', 'no-store').redirect(elsewhere, 302);
    const shortName = request.params.eventShortName;
    // The page asks for the categories with the address's code once it has checked it: only without a code (none, or
    // blank, as the page reads it) are they the answer it would get. Read now, like the call: the page is not stored.
    const withCategories = shortName !== undefined && request.routeOptions.url === EVENT_PAGE && !hasCode(request.query.code);
    const [event, ticketCategories] = shortName
      ? await Promise.all([options.event(shortName), withCategories ? options.ticketCategories(shortName) : null])
      : [null, null];
    // an event or pass that enables embedding may be framed by its host (its pages, its reservations' and tickets' pages)
    const passId = request.routeOptions.url?.startsWith('/subscription/:id') ? request.params.id : undefined;
    const pass = passId && options.subscription ? await options.subscription(passId) : null;
    const embeddingOrigins = embeddingOriginsOf(pass ?? event);
    // the page's language among those its event or pass has (as the storefront switches to them): an Italian-only
    // event is not served as an English page with the English bundle
    const lang = chooseLanguage(request.query.lang, request.headers['accept-language'], offeredLanguages(pass ?? event));
    if (embeddingOrigins.length > 0) reply.embeddingOrigins = embeddingOrigins;
    const xsrfToken = issueAntiForgeryToken(options.secret, request.sessionId);
    // the first page after the login that registered the person says so, once (the sign-up's toast)
    const signedUp = readCookie(request.headers.cookie, SIGNED_UP_COOKIE) === '1';
    const html = renderShell(template, {
      sessionId: request.sessionId,
      xsrfToken,
      lang,
      answers: {
        [preloadedPaths.info]: options.info(),
        [preloadedPaths.languages]: languages(),
        [preloadedPaths.bundle(lang)]: bundleFor(lang),
        ...(shortName && event ? { [preloadedPaths.event(shortName)]: event } : {}),
        ...(shortName && event && ticketCategories ? { [preloadedPaths.ticketCategories(shortName)]: ticketCategories } : {}),
      },
      openIdEnabled: options.openIdEnabled,
      signedUp,
      recaptchaScriptUrl: options.recaptchaScriptUrl ?? null,
      analyticsScriptUrl: options.analyticsScriptUrl ?? null,
    });
    const cookies = [serializeCookie(XSRF_COOKIE, xsrfToken, { httpOnly: false, secure: options.secureCookies, sameSite: 'Strict' }), ...(signedUp ? [signedUpCookie(options.secureCookies, 0)] : [])];
    // Fastify adds a set-cookie to those already set (the session's, when the request made it): never set one twice.
    // Returned, so Fastify waits for this send instead of answering again when the handler's promise settles first.
    return reply
      .header('set-cookie', cookies)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  /** The not-found page of a reservation page's address when the reservation is another purchase's; null otherwise. */
  const reservationElsewhere = async (request: FastifyRequest<{ Params: { eventShortName?: string; id?: string; reservationId?: string; '*'?: string } }>) => {
    const type = RESERVATION_PAGES[request.routeOptions.url as keyof typeof RESERVATION_PAGES] as 'event' | 'subscription' | undefined;
    const { reservationId, '*': page } = request.params;
    const publicIdentifier = type === 'event' ? request.params.eventShortName : request.params.id;
    if (!type || !publicIdentifier || !reservationId || page === 'not-found' || !options.reservationElsewhere) return null;
    if (!(await options.reservationElsewhere(type, publicIdentifier, reservationId).catch(() => false))) return null;
    return `/${type}/${encodeURIComponent(publicIdentifier)}/reservation/${encodeURIComponent(reservationId)}/not-found`;
  };
  for (const url of STOREFRONT_ROUTES) fastify.get(url, shell);
  fastify.get<{ Params: { eventShortName: string; ticketId: string } }>(TICKET_ADDRESS, (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.header('Cache-Control', 'no-store').redirect(ticketViewAddress(request.params.eventShortName, request.params.ticketId, query), 302);
  });
  return true;
}

/** The address's `code` as the storefront reads it (search-params.ts: a text that is not blank once trimmed, or a number). */
const hasCode = (code: unknown): boolean => (typeof code === 'string' ? code.trim() !== '' : code !== undefined);

/** The storefront's languages the event or pass has content in; all of them when it says none (or none of them). */
function offeredLanguages(view: unknown): readonly string[] {
  const content = (view as { contentLanguages?: unknown } | null)?.contentLanguages;
  const locales = Array.isArray(content) ? content.map((l) => String((l as { locale?: unknown })?.locale ?? '').toLowerCase()) : [];
  const offered = supportedLanguages.filter((language) => locales.includes(language));
  return offered.length > 0 ? offered : supportedLanguages;
}
