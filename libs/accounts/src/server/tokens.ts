import type { EventStore, GlobalPosition } from '@ticketing/event-store';
import type { Clock, IdGenerator, RuleViolation } from '@ticketing/kernel';
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
  /** How a profile is checked before it is saved (POST /user/me). */
  readonly profileRules: ProfileRules;
  /**
   * The platform's visitor sessions: a login replaces the visitor's session with a new one (its id never known
   * before the person signed in, so a session id planted in a browser cannot be signed in: no session fixation).
   */
  readonly sessions: VisitorSessions;
  /** Where refused logins are reported (why a callback was refused: the visitor only sees that it was). */
  readonly warn?: (message: string, details: Record<string, unknown>) => void;
}

export interface VisitorSessions {
  /** A new, unguessable session id. */
  newSessionId(): string;
  /** The Set-Cookie value that gives the browser the session `sessionId`. */
  cookie(sessionId: string): string;
}

/** The profile form as the booking step's contact and invoice rules read it (reference 3.6 item 44, UpdateProfileForm). */
export interface ProfileFormInput {
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  /** Billing fields were given: the invoice rules apply (a profile without an address is fine). */
  readonly invoiceRequested: boolean;
  readonly addCompanyBillingDetails: boolean;
  readonly skipVatNr: boolean;
  readonly billingAddressCompany: string | null;
  readonly billingAddressLine1: string | null;
  readonly billingAddressLine2: string | null;
  readonly billingAddressZip: string | null;
  readonly billingAddressCity: string | null;
  readonly billingAddressState: string | null;
  readonly vatCountryCode: string | null;
  readonly vatNr: string | null;
  readonly italyEInvoicingFiscalCode: string | null;
  readonly italyEInvoicingReferenceType: 'ADDRESSEE_CODE' | 'PEC' | 'NONE' | null;
  readonly italyEInvoicingReferenceAddresseeCode: string | null;
  readonly italyEInvoicingReferencePEC: string | null;
  readonly italyEInvoicingSplitPayment: boolean;
}

/**
 * The booking step's contact and invoice rules (sales' booking rules), applied to a profile: handed in by the
 * composition, which may import another context's rules where a context may not. `today`: ISO local date.
 */
export type ProfileRules = (form: ProfileFormInput, today: string) => { readonly errors: readonly RuleViolation[]; readonly warnings: readonly RuleViolation[] };

export const ACCOUNTS_OPTIONS = Symbol('ACCOUNTS_OPTIONS');
