import { z } from 'zod';
import type { RateLimit } from './token-buckets.js';

/** The kinds of guessable call; each has its own bucket per client. */
export const RATE_LIMITED_CALLS = ['code', 'poll', 'reserve', 'discount', 'waiting-list', 'mail', 'login', 'audit'] as const;
export type RateLimitedCall = (typeof RATE_LIMITED_CALLS)[number];
export type RateLimitSettings = Readonly<Record<RateLimitedCall, RateLimit>>;

/**
 * Generous for a person, slow for a script. `code` is shared by every call that tells whether a code exists:
 * at 10 a minute, trying the 36^6 six-character codes takes one address about 400 years.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  code: { perMinute: 10, burst: 10 },
  // attendee polls: answered at the venue, many attendees behind one address (its Wi-Fi), so a budget of its own
  // and wide; a PIN stands for 30 bits of a ticket's uuid: with 1,000 attendees checked in, one guess in about
  // a million names one, some 0.17 a day at this rate from one address (and a guessed PIN only votes)
  poll: { perMinute: 120, burst: 60 },
  reserve: { perMinute: 30, burst: 10 },
  discount: { perMinute: 60, burst: 20 },
  'waiting-list': { perMinute: 10, burst: 5 },
  // e-mails sent on request (a ticket, the reservation e-mail again): a person needs a few, a script would spam the holder
  mail: { perMinute: 6, burst: 6 },
  // logins started (each keeps a login attempt for ten minutes and sends the browser to the provider)
  login: { perMinute: 20, burst: 10 },
  // an auditor's reads of whole order stories (each reads several streams, a busy event's inventory among them)
  audit: { perMinute: 60, burst: 30 },
};

const OVERRIDE = /^([a-z-]+)=(\d+)(?::(\d+))?$/;

/**
 * `RATE_LIMITS`: unset or `on` for the defaults, `off` for none (benchmarks), or overrides of some calls,
 * `<call>=<per minute>[:<burst>]` separated by commas (`code=20:10,reserve=60`); the burst defaults to the rate.
 * Null means off.
 */
export function parseRateLimits(raw: string | undefined): RateLimitSettings | null {
  const text = raw?.trim() ?? '';
  if (text === 'off') return null;
  if (text === '' || text === 'on') return DEFAULT_RATE_LIMITS;
  const settings: Record<RateLimitedCall, RateLimit> = { ...DEFAULT_RATE_LIMITS };
  for (const part of text.split(',')) {
    const match = OVERRIDE.exec(part.trim());
    const call = match?.[1] as RateLimitedCall | undefined;
    if (!match || !call || !RATE_LIMITED_CALLS.includes(call)) {
      throw new Error(`"${part.trim()}" is not <call>=<per minute>[:<burst>] with a call among ${RATE_LIMITED_CALLS.join(', ')}`);
    }
    const perMinute = Number(match[2]);
    const burst = match[3] === undefined ? perMinute : Number(match[3]);
    if (perMinute < 1 || burst < 1) throw new Error(`"${part.trim()}": rate and burst must be at least 1 (use RATE_LIMITS=off to lift the limits)`);
    settings[call] = { perMinute, burst };
  }
  return settings;
}

/** The environment variable as app-config reads it: a wrong value stops the start. */
export const rateLimitsSetting = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    try {
      return parseRateLimits(raw);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });
