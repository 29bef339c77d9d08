import { createHmac, timingSafeEqual } from 'node:crypto';
import { RandomPool } from './random-pool.js';

const random = new RandomPool();

/**
 * Session-bound anti-forgery tokens without server state: the raw token is an HMAC of the session id,
 * published XOR-masked with a fresh pad each time (as Spring Security 6 does), so every published value
 * differs (no BREACH-style compression oracle) yet all of them validate against the same session.
 */
export class AntiForgery {
  constructor(private readonly secret: Buffer) {}

  private raw(sessionId: string): Buffer {
    return createHmac('sha256', this.secret).update(`xsrf:${sessionId}`).digest();
  }

  issue(sessionId: string): string {
    const raw = this.raw(sessionId);
    const pad = random.take(raw.length);
    const masked = Buffer.alloc(raw.length);
    for (let i = 0; i < raw.length; i++) masked[i] = raw[i]! ^ pad[i]!;
    return Buffer.concat([pad, masked]).toString('base64url');
  }

  verify(sessionId: string, token: string): boolean {
    const raw = this.raw(sessionId);
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== raw.length * 2) return false;
    const unmasked = Buffer.alloc(raw.length);
    for (let i = 0; i < raw.length; i++) unmasked[i] = bytes[i]! ^ bytes[i + raw.length]!;
    return timingSafeEqual(unmasked, raw);
  }
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export function newSessionId(): string {
  return random.take(32).toString('base64url');
}

export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}
