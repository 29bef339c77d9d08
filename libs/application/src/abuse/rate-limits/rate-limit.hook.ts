import type { FastifyInstance } from 'fastify';
import { failure } from '@ticketing/wire';
import { rateLimitKey } from '../client-address.js';
import { RATE_LIMITED_CALLS, type RateLimitedCall, type RateLimitSettings } from './rate-limit-settings.js';
import { rateLimitedCallOf } from './rate-limited-routes.js';
import { TokenBuckets } from './token-buckets.js';

export const TOO_MANY_REQUESTS = 'error.TOO_MANY_REQUESTS';

/**
 * Refuses guessable calls beyond a client's budget with 429, before anything else is done for them. The
 * buckets live in this process: with N processes behind a balancer a client gets up to N times the budget.
 */
export function installRateLimits(fastify: FastifyInstance, settings: RateLimitSettings | null, now: () => number = Date.now): void {
  if (!settings) return;
  const buckets = Object.fromEntries(RATE_LIMITED_CALLS.map((call) => [call, new TokenBuckets(settings[call], now)])) as Record<
    RateLimitedCall,
    TokenBuckets
  >;
  fastify.addHook('onRequest', async (request, reply) => {
    const call = rateLimitedCallOf(request);
    if (!call) return undefined;
    const admission = buckets[call].take(rateLimitKey(request.ip));
    if (admission.admitted) return undefined;
    return reply
      .code(429)
      .header('Retry-After', String(admission.retryAfterSeconds))
      .send(failure([{ fieldName: '', code: TOO_MANY_REQUESTS, arguments: null }]));
  });
}
