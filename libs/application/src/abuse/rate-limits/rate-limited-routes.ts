import type { FastifyRequest } from 'fastify';
import { matchesRule, type RouteRule } from '../request-target.js';
import type { RateLimitedCall } from './rate-limit-settings.js';

interface RateLimitedRoute extends RouteRule {
  readonly call: RateLimitedCall;
  readonly onlyIf?: (request: FastifyRequest) => boolean;
  /** What onlyIf checks, in the words of the API description. */
  readonly when?: string;
}

const EVENT = String.raw`^/api/v2/public/event/[^/]+`;

function hasCode(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.code !== undefined;
}

/** The public calls that answer whether a guess was right, or that a script could repeat to hoard tickets. */
const RATE_LIMITED_ROUTES: readonly RateLimitedRoute[] = [
  { call: 'code', methods: ['GET'], path: new RegExp(`${EVENT}/validate-code$`) },
  { call: 'code', methods: ['GET'], path: new RegExp(`${EVENT}/ticket-categories$`), onlyIf: hasCode, when: 'with `code`' },
  { call: 'code', methods: ['GET', 'POST'], path: new RegExp(`${EVENT}/code/[^/]+$`) },
  // a subscription PIN is a code too
  { call: 'code', methods: ['POST'], path: /^\/api\/v2\/public\/reservation\/[^/]+\/apply-code$/ },
  // every poll call tells whether a PIN names a checked-in ticket: a budget of their own (see DEFAULT_RATE_LIMITS)
  { call: 'poll', methods: ['GET'], path: new RegExp(`${EVENT}/poll(/[^/]+)?$`) },
  { call: 'poll', methods: ['POST'], path: new RegExp(`${EVENT}/poll/[^/]+/answer$`) },
  { call: 'discount', methods: ['POST'], path: new RegExp(`${EVENT}/check-discount$`) },
  { call: 'reserve', methods: ['POST'], path: new RegExp(`${EVENT}/reserve-tickets$`) },
  { call: 'reserve', methods: ['POST'], path: /^\/api\/v2\/public\/subscription\/[^/]+$/ },
  { call: 'waiting-list', methods: ['POST'], path: new RegExp(`${EVENT}/waiting-list/subscribe$`) },
  { call: 'mail', methods: ['POST'], path: new RegExp(`${EVENT}/ticket/[^/]+/send-ticket-by-email$`) },
  { call: 'mail', methods: ['POST'], path: /^\/api\/v2\/public\/(event|subscription)\/[^/]+\/reservation\/[^/]+\/re-send-email$/ },
  { call: 'audit', methods: ['GET'], path: /^\/api\/v2\/audit\// },
  { call: 'login', methods: ['GET'], path: /^\/openid\/(authentication|(event|subscription)\/[^/]+\/reservation\/[^/]+)$/ },
];

export function rateLimitedCallOf(request: FastifyRequest): RateLimitedCall | undefined {
  return RATE_LIMITED_ROUTES.find((route) => matchesRule(request, route) && (!route.onlyIf || route.onlyIf(request)))?.call;
}

/**
 * The limit an operation of the API description falls under, for its 429 response; `when` the limit applies only to
 * some calls. The description writes parameters in braces: the rules' `[^/]+` match them as written, and a rule naming
 * the values of one (`(event|subscription)`) matches the path with its parameters filled in with those.
 */
export function rateLimitOfOperation(method: string, path: string): { call: RateLimitedCall; when?: string } | undefined {
  const forms = [path, ...['event', 'subscription'].map((value) => path.replace(/\{[^/}]+\}/g, value))];
  const route = RATE_LIMITED_ROUTES.find((r) => r.methods.includes(method.toUpperCase()) && forms.some((form) => r.path.test(form)));
  return route && { call: route.call, ...(route.when ? { when: route.when } : {}) };
}
