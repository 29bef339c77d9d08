import { Inject, Injectable } from '@nestjs/common';
import { SignedInUsers, type SignedInUser } from '@ticketing/accounts/contracts';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { sessionDigest } from '../users/session-digest.js';
import { SESSIONS_TABLE, USERS_TABLE } from './accounts.projection.js';

/** The user signed in on a session, from the read model, when the sign-in has neither ended nor expired. */
@Injectable()
export class SignedInUsersReadModel extends SignedInUsers {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {
    super();
  }

  async userOf(sessionId: string): Promise<SignedInUser | null> {
    if (!sessionId) return null;
    const { rows } = await this.options.db.query<{ user_id: string; first_name: string | null; last_name: string | null; email: string | null }>(
      `select u.user_id, u.first_name, u.last_name, u.email from ${SESSIONS_TABLE} s join ${USERS_TABLE} u using (user_id)
       where s.session = $1 and not s.signed_out and not u.deleted and s.expires_at > $2`,
      [sessionDigest(sessionId), this.options.clock.now()],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email } : null;
  }
}
