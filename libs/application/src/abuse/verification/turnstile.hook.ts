import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { readCookie } from '../../http/cookies.js';
import { verificationRemoteIp } from '../client-address.js';
import { matchesRule, type RouteRule } from '../request-target.js';
import { siteverify } from './siteverify.js';

export interface TurnstileSettings {
  readonly enabled: boolean;
  readonly siteKey: string | null;
  readonly secret: string | null;
  readonly verifyUrl: string;
  /** Behind Cloudflare with pre-clearance, its `cf_clearance` cookie stands for a solved challenge. */
  readonly preClearance: boolean;
}

export const VERIFICATION_HEADER = 'alfio-verification';
export const VERIFICATION_MISSING_HEADER = 'Alfio-Verification-Missing';
/** Cloudflare's documented upper bound for a token; anything longer is refused without asking. */
const MAX_TOKEN_LENGTH = 2048;

/** Exactly the two calls that take tickets (reference 1.4). */
const CHALLENGED_ROUTES: readonly RouteRule[] = [
  { methods: ['POST'], path: /^\/api\/v2\/public\/event\/[^/]+\/reserve-tickets$/ },
  { methods: ['POST'], path: /^\/api\/v2\/public\/subscription\/[^/]+$/ },
];

/**
 * Human verification before a reservation is made: the `Alfio-Verification` token must pass Turnstile's
 * siteverify. Runs on request, so a refused call is never parsed nor handled; the storefront reads the 403
 * and its header as "show the challenge and retry".
 */
export function installTurnstile(fastify: FastifyInstance, settings: TurnstileSettings, logger: Logger): void {
  if (!settings.enabled) return;
  if (!settings.secret) throw new Error('human verification is enabled without a secret');
  const endpoint = { url: settings.verifyUrl, secret: settings.secret };
  fastify.addHook('onRequest', async (request, reply) => {
    if (!CHALLENGED_ROUTES.some((route) => matchesRule(request, route))) return undefined;
    const header = request.headers[VERIFICATION_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (token === '' && settings.preClearance && readCookie(request.headers.cookie, 'cf_clearance')) return undefined;
    if (token !== '' && token.length <= MAX_TOKEN_LENGTH) {
      const outcome = await siteverify(endpoint, token, verificationRemoteIp(request));
      if (outcome === 'passed') return undefined;
      if (outcome === 'unavailable') logger.warn({ url: settings.verifyUrl }, 'human verification is unavailable: reservations are refused until it answers');
    }
    return reply.code(403).header(VERIFICATION_MISSING_HEADER, 'turnstile').send();
  });
}
