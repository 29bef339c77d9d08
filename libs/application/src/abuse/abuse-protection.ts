import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config.js';
import { installRateLimits } from './rate-limits/rate-limit.hook.js';
import { installTurnstile } from './verification/turnstile.hook.js';

/**
 * Defences of the calls a script would hammer. Installed after the HTTP policies, so a call without a valid
 * anti-forgery token is refused first; rate limits come before human verification, so a flood cannot make
 * us call the verification service.
 */
export function installAbuseProtection(fastify: FastifyInstance, config: AppConfig, logger: Logger): void {
  installRateLimits(fastify, config.rateLimits);
  installTurnstile(fastify, config.turnstile, logger);
}
