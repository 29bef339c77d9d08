import type { EventStore, GlobalPosition } from '@ticketing/event-store';
import type { Clock, IdGenerator } from '@ticketing/kernel';
import type { Db } from '@ticketing/postgres';

/** The provider visitors sign in with (OPENID_ISSUER_URL, OPENID_CLIENT_ID, OPENID_CLIENT_SECRET). */
export interface OpenIdSettings {
  readonly issuerUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** What the composition root hands the accounts context. */
export interface AccountsOptions {
  readonly store: EventStore;
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The projection runner's `waitFor`: a sign-in returns once the read models show it (read-your-writes). */
  readonly waitForProjections: (position: GlobalPosition) => Promise<void>;
  /** null: login is off (the /openid routes answer 404, /user/me 204). */
  readonly openId: OpenIdSettings | null;
  /** The public address: the callback is `{publicBaseUrl}/openid/callback`, logout returns to `{publicBaseUrl}/`. */
  readonly publicBaseUrl: string;
  /** Secure cookies (prod). */
  readonly secureCookies: boolean;
  /** How long a sign-in lasts on its session (default 2 hours, the session cookie's own lifetime). */
  readonly loginLifetimeMs?: number;
  /** Where refused logins are reported (why a callback was refused: the visitor only sees that it was). */
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
}

export const ACCOUNTS_OPTIONS = Symbol('ACCOUNTS_OPTIONS');
