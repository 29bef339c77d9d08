import { Inject, Injectable } from '@nestjs/common';
import { SignedInUsers, type SignedInUser } from '@ticketing/accounts/contracts';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { sessionDigest } from '../users/session-digest.js';
import { SESSIONS_TABLE, USERS_TABLE } from './accounts.projection.js';

/** How long a session found anonymous is answered from memory at most (see SignedInUsersReadModel). */
export const ANONYMOUS_MEMORY_MS = 10_000;
/** Most anonymous sessions remembered: past it the memory starts again (the keys come from the visitors). */
const ANONYMOUS_MEMORY_SIZE = 100_000;

interface Waiting {
  resolve(user: SignedInUser | null): void;
  reject(error: unknown): void;
}

/**
 * The user signed in on a session, from the read model, when the sign-in has neither ended nor expired.
 *
 * On the rush path every reservation asks (reserve-tickets ties an order to its buyer), so asking costs as little as
 * it can while answering what the read model says at the time of the call:
 * - the sessions asked for while the event loop turns once are looked up together, in one statement;
 * - a session found anonymous is answered from memory for ANONYMOUS_MEMORY_MS. A session never becomes signed in
 *   after it was seen: a login signs in a new session id (login-flow, AccountsOptions.sessions), whose row is in the
 *   read model before the browser learns the id (SignInHandler waits for the projections, by the checkpoints every
 *   process reads). Only a signed-in session can change (sign-out, expiry, deletion, in any process), and those are
 *   never remembered. The bound on the age covers the one window where a signed-in session reads as anonymous: a
 *   rebuild of the accounts tables, which this process would otherwise remember past its end.
 */
@Injectable()
export class SignedInUsersReadModel extends SignedInUsers {
  private readonly anonymous = new Map<string, number>();
  private pending = new Map<string, Waiting[]>();
  private flushing = false;

  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {
    super();
  }

  userOf(sessionId: string): Promise<SignedInUser | null> {
    if (!sessionId) return Promise.resolve(null);
    const digest = sessionDigest(sessionId);
    const seen = this.anonymous.get(digest);
    if (seen !== undefined) {
      if (performance.now() - seen <= ANONYMOUS_MEMORY_MS) return Promise.resolve(null);
      this.anonymous.delete(digest);
    }
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(digest);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(digest, [{ resolve, reject }]);
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  /** One statement for every session asked for since the last one. */
  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = false;
    const digests = [...batch.keys()];
    const startedAt = performance.now();
    let rows: { session: string; user_id: string; first_name: string | null; last_name: string | null; email: string | null }[];
    try {
      ({ rows } = await this.options.db.query<(typeof rows)[number]>(
        `select s.session, u.user_id, u.first_name, u.last_name, u.email from ${SESSIONS_TABLE} s join ${USERS_TABLE} u using (user_id)
         where s.session = any($1::text[]) and not s.signed_out and not u.deleted and s.expires_at > $2`,
        [digests, this.options.clock.now()],
      ));
    } catch (error) {
      for (const waiting of batch.values()) waiting.forEach((w) => w.reject(error));
      return;
    }
    const users = new Map(rows.map((row) => [row.session, { userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email }]));
    if (this.anonymous.size + digests.length > ANONYMOUS_MEMORY_SIZE) this.anonymous.clear();
    for (const [digest, waiting] of batch) {
      const user = users.get(digest) ?? null;
      // remembered from when the statement was sent: what it saw was true then
      if (!user) this.anonymous.set(digest, startedAt);
      waiting.forEach((w) => w.resolve(user));
    }
  }
}
