import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A session id is never stored: its digest names the place in line (and binds the token). */
export const sessionDigest = (sessionId: string): string => createHash('sha256').update(sessionId).digest('base64url');

/**
 * The admission token: `<expiry ms>.<HMAC-SHA256(secret, event, session digest, expiry)>`. Bound to the event and to
 * the session it was handed to (another session's token fails), valid until its expiry; stateless, so any process
 * with the secret checks it without a query.
 */
export class AdmissionTokens {
  constructor(private readonly secret: () => Promise<Buffer>) {}

  async issue(eventShortName: string, sessionId: string, expiresAt: Date): Promise<string> {
    const expiry = String(expiresAt.getTime());
    return `${expiry}.${this.mac(await this.secret(), eventShortName, sessionDigest(sessionId), expiry)}`;
  }

  async verify(token: string, eventShortName: string, sessionId: string, now: Date): Promise<boolean> {
    const match = /^(\d{13,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match || !sessionId) return false;
    const [, expiry, mac] = match as unknown as [string, string, string];
    if (Number(expiry) <= now.getTime()) return false;
    const expected = Buffer.from(this.mac(await this.secret(), eventShortName, sessionDigest(sessionId), expiry));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(secret: Buffer, eventShortName: string, digest: string, expiry: string): string {
    return createHmac('sha256', secret).update(`queue-admission\n${eventShortName}\n${digest}\n${expiry}`).digest('base64url');
  }
}
