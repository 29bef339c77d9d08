import { createHash } from 'node:crypto';
import type { Db, Migration } from '@ticketing/postgres';

/**
 * A login under way, between the redirect to the provider and its answer: kept in PostgreSQL, so the answer may
 * reach another API process than the one that sent the visitor away, or the same one after a restart. Not domain
 * state (nothing happened yet): protocol state that lives ten minutes, taken at most once.
 */
export const accountsMigrations: Migration[] = [
  {
    id: 'accounts-001-login-attempts',
    sql: `create table accounts_login_attempts (
      state text primary key,
      browser text not null,
      session text not null,
      code_verifier text not null,
      nonce text not null,
      return_to text not null,
      expires_at timestamptz not null
    )`,
  },
  {
    id: 'accounts-002-login-attempt-language',
    sql: 'alter table accounts_login_attempts add column language text',
  },
];

export interface LoginAttempt {
  /** The `state` sent to the provider (only its digest is stored). */
  readonly state: string;
  /** The value of the browser's login cookie (only its digest is stored): the answer must come back to this browser. */
  readonly browser: string;
  /** Digest of the visitor session the person is signed in on when the login succeeds. */
  readonly session: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  /** A path on this site to go back to. */
  readonly returnTo: string;
  /** The language the storefront asked the login's pages to speak (as sent: resolved when shown), or null. */
  readonly language: string | null;
  readonly expiresAt: Date;
}

export interface TakenAttempt {
  readonly browser: string;
  readonly session: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  readonly returnTo: string;
  readonly language: string | null;
}

export const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');

export class LoginAttempts {
  constructor(private readonly db: Db) {}

  async save(attempt: LoginAttempt, now: Date): Promise<void> {
    // the stale ones go with each new one: the table holds the logins of the last ten minutes
    await this.db.query('delete from accounts_login_attempts where expires_at <= $1', [now]);
    await this.db.query(
      `insert into accounts_login_attempts (state, browser, session, code_verifier, nonce, return_to, language, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [digest(attempt.state), digest(attempt.browser), attempt.session, attempt.codeVerifier, attempt.nonce, attempt.returnTo, attempt.language, attempt.expiresAt],
    );
  }

  /**
   * The attempt `state` names, removed in the same statement: of two answers with the same state (a replay, two
   * processes at once), one gets it and the other null. An expired one is null too. `browser` is a digest.
   */
  async take(state: string, now: Date): Promise<TakenAttempt | null> {
    const { rows } = await this.db.query<{ browser: string; session: string; code_verifier: string; nonce: string; return_to: string; language: string | null; expires_at: Date }>(
      'delete from accounts_login_attempts where state = $1 returning browser, session, code_verifier, nonce, return_to, language, expires_at',
      [digest(state)],
    );
    const row = rows[0];
    if (!row || row.expires_at.getTime() <= now.getTime()) return null;
    return { browser: row.browser, session: row.session, codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to, language: row.language };
  }
}
