import type { GlobalPosition } from '@ticketing/event-store';
import type { Clock, IdGenerator } from '@ticketing/kernel';

/** Verifies a legacy body captcha answer (reCAPTCHA-style); passes when no secret or no site key is configured. */
export type CaptchaVerifier = (token: string | null, remoteIp: string) => Promise<boolean>;

/** What the composition root hands the sales context (it never imports the app). */
export interface SalesOptions {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The projection runner's `waitFor`: a command returns once the read models show it (read-your-writes). */
  readonly waitForProjections: (position: GlobalPosition) => Promise<void>;
  readonly verifyCaptcha: CaptchaVerifier;
  /**
   * The reCAPTCHA site key (RECAPTCHA_SITE_KEY), or null: an event's captcha is asked for only with a key (the
   * widget cannot be shown without one), and the key goes to the payment methods that ask for it.
   */
  readonly recaptchaSiteKey: string | null;
  /** How often the expiry sweeper runs (RESERVATION_SWEEP_INTERVAL_MS, default 30 s); 0 = never (tests drive it). */
  readonly sweepIntervalMs: number;
  /** Base of the links in e-mails: PUBLIC_BASE_URL, else http://localhost:PORT. */
  readonly publicBaseUrl: string;
  /** How long a seat offered to a waiting-list subscriber stays reserved (WAITING_LIST_RESERVATION_MINUTES, default 240). */
  readonly waitingListReservationMinutes: number;
  /** The VIES-compatible VAT check endpoint (VAT_CHECK_URL; default the European Commission's REST API). */
  readonly vatCheckUrl: string;
  /** ORGANIZER_API_KEYS (`slug:key` pairs): who may call the organizer's reservation API. */
  readonly organizerApiKeys: string | undefined;
}

/** The EU VAT number check (VIES) of business invoices: never throws; UNAVAILABLE when the service cannot answer. */
export interface VatNumberChecker {
  check(countryCode: string, vatNumber: string): Promise<'VALID' | 'INVALID' | 'UNAVAILABLE'>;
}

export const SALES_OPTIONS = Symbol('SALES_OPTIONS');
export const EU_VAT_CHECKER = Symbol('EU_VAT_CHECKER');
export const SALES_EVENT_STORE = Symbol('SALES_EVENT_STORE');
export const SALES_DB = Symbol('SALES_DB');
