import { Inject, Injectable } from '@nestjs/common';
import type { UserProfile } from '@ticketing/accounts/domain';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { sessionDigest } from '../users/session-digest.js';
import { SESSIONS_TABLE, USERS_TABLE } from './accounts.projection.js';

/** The signed-in person with what they saved on "my profile" (null fields: not given, or erased). */
export interface Account {
  readonly userId: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly profile: UserProfile | null;
}

/** The account signed in on a session, from the read model (the same rule as SignedInUsers: not ended, not expired, not deleted). */
@Injectable()
export class AccountQuery {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {}

  async signedInOn(sessionId: string): Promise<Account | null> {
    if (!sessionId) return null;
    const { rows } = await this.options.db.query<{ user_id: string; first_name: string | null; last_name: string | null; email: string | null; profile: UserProfile | null }>(
      `select u.user_id, u.first_name, u.last_name, u.email, u.profile from ${SESSIONS_TABLE} s join ${USERS_TABLE} u using (user_id)
       where s.session = $1 and not s.signed_out and not u.deleted and s.expires_at > $2`,
      [sessionDigest(sessionId), this.options.clock.now()],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email, profile: row.profile } : null;
  }
}
