import { z } from 'zod';
import { readWalletSettings, type WalletSettings } from './wallet-config.js';
import type { StandInUrls } from '@ticketing/payments/server';
import { trustProxySetting, type TrustProxy } from '../abuse/client-address.js';
import { rateLimitsSetting, type RateLimitSettings } from '../abuse/rate-limits/rate-limit-settings.js';
import { RECAPTCHA_SCRIPT_URL, RECAPTCHA_SITEVERIFY_URL, TURNSTILE_SITEVERIFY_URL } from '../abuse/verification/siteverify.js';
import type { TurnstileSettings } from '../abuse/verification/turnstile.hook.js';
import type { CaptchaSettings } from '../abuse/verification/captcha-verifier.js';
import { checkpointSettingsFromEnv, parseSigningKey, type CheckpointSettings } from '@ticketing/audit';
import { parseMasterKey } from '@ticketing/event-store';
import { OrganizerApiKeys } from '@ticketing/wire';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : null));
/** Optional text that `check` must accept (it throws its reason): a bad value stops the start with the setting named. */
const checkedText = (check: (text: string) => unknown) =>
  optionalText.superRefine((text, ctx) => {
    if (text === null) return;
    try {
      check(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/**
 * Origins allowed to frame the storefront (a Content-Security-Policy frame-ancestors list): separated by blanks or
 * commas, as every other list setting is; each a scheme and host (and port), nothing after it.
 */
const originList = optionalText.transform((text, ctx) => {
  const origins = (text ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin (https://host.example[:port], nothing after it)` });
    }
  }
  return origins.map((origin) => origin.replace(/\/$/, ''));
});

/** Google's tag script (gtag.js); the storefront adds `?id=<measurement id>`. */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

export interface AnalyticsSettings {
  readonly key: string | null;
  readonly anonymous: boolean;
  readonly scriptUrl: string;
}

/** The wire's `AnalyticsConfiguration` of these settings (info, events, passes); `clientId`: see catalog noAnalytics. */
export const analyticsConfigurationOf = ({ key, anonymous }: AnalyticsSettings) => ({
  googleAnalyticsKey: key,
  googleAnalyticsScrambledInfo: key !== null && anonymous,
  clientId: null,
});

const standInUrl = z.url({ protocol: /^https?$/ });
const standInUrls = z.strictObject({ stripe: standInUrl, mollie: standInUrl, paypal: standInUrl, saferpay: standInUrl });
/** A JSON object of the four stand-ins' base URLs, or null when unset. */
const standInUrlsJson = optionalText.transform((v, ctx) => {
  if (v === null) return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object {"stripe":"http://...","mollie":...,"paypal":...,"saferpay":...}' });
    return z.NEVER;
  }
}).pipe(standInUrls.nullable());

/** Everything the API reads from its environment, parsed once at start; an invalid value stops the start. */
const environment = z.object({
  // empty is unset (`PORT= npm start`), not port 0
  PORT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded PostgreSQL)'),
  EVENTSTORE_URL: optionalText,
  PUBLIC_BASE_URL: optionalText,
  /** dev: development banner and relaxed cookies; prod: secure cookies, insecure-production banner over http; demo. */
  APP_MODE: z.enum(['dev', 'prod', 'demo']).default('dev'),
  SESSION_SECRET: optionalText,
  /** Signs ticket codes (the QR on every ticket); unset: one is made once and kept in the database. */
  TICKET_CODE_SECRET: optionalText,
  ANNOUNCEMENT_BANNER_HTML: optionalText,
  GLOBAL_TERMS_URL: optionalText,
  GLOBAL_PRIVACY_POLICY_URL: optionalText,
  /** Visitor login: `false` turns it off even when a provider is configured; `true` needs the three below. */
  OPENID_ENABLED: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** The OpenID Connect provider's issuer identifier (discovery at `<issuer>/.well-known/openid-configuration`). */
  OPENID_ISSUER_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).nullable()),
  OPENID_CLIENT_ID: optionalText,
  OPENID_CLIENT_SECRET: optionalText,
  /** Origins allowed to frame the storefront (space separated), besides itself. */
  EMBEDDING_ALLOWED_ORIGINS: originList,
  STOREFRONT_DIR: optionalText,
  /**
   * Payment test mode: provider accounts whose keys are not set talk to local stand-ins started with the app
   * (a test card form on the storefront). Unset: on, except with APP_MODE=prod, where it cannot be enabled.
   */
  PAYMENT_STAND_INS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  /**
   * Payment test mode with stand-ins started elsewhere (a test whose providers outlive the API process): a JSON
   * object of their base URLs, `{"stripe":"http://127.0.0.1:p",...}`; the app then starts none of its own.
   */
  PAYMENT_STAND_IN_URLS: standInUrlsJson,
  /** Organizer API keys, comma-separated `organizerSlug:key` pairs; unset: the organizer API answers 401. */
  ORGANIZER_API_KEYS: checkedText((text) => OrganizerApiKeys.parse(text)),
  /** Auditor API keys (role `auditor`, the read-only /api/v2/audit calls), comma-separated `name:key` pairs; unset: 401. */
  AUDITOR_API_KEYS: checkedText((text) => OrganizerApiKeys.parse(text, 'AUDITOR_API_KEYS', 'name')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Whose X-Forwarded-For to believe: true, false, a hop count or proxy addresses; unset: true in prod only. */
  TRUST_PROXY: trustProxySetting,
  /** Wraps the subject keys at rest (read by the event store itself): checked here, so a bad one stops the start plainly. */
  EVENTSTORE_MASTER_KEY: checkedText(parseMasterKey),
  /** Human verification on reserve-tickets and the subscription purchase (reference 1.4); needs both keys. */
  TURNSTILE_ENABLED: flag,
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET: optionalText,
  TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).default(TURNSTILE_SITEVERIFY_URL),
  TURNSTILE_PRE_CLEARANCE: flag,
  /**
   * Legacy form captcha (reCAPTCHA v2) of events that ask for it: the widget's public key, published to the
   * storefront, and the secret sent to siteverify; without both the check passes and no event shows a captcha.
   */
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default(RECAPTCHA_SITEVERIFY_URL),
  /** Where the storefront loads the widget from (a local stand-in in tests); its origin joins the CSP with a site key. */
  RECAPTCHA_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default(RECAPTCHA_SCRIPT_URL),
  /**
   * Google Analytics (reference AnalyticsConfiguration): the measurement id (`G-...`) published to the storefront,
   * which then counts page views with every consent denied by default (spec 9). Anonymous mode (the default; `false`
   * to turn it off) sets no cookie and hands Google no lasting id: a random one per browser tab.
   */
  GOOGLE_ANALYTICS_KEY: optionalText.refine((key) => key === null || /^[A-Za-z0-9-]{2,40}$/.test(key), 'a measurement id such as G-ABC123XYZ'),
  GOOGLE_ANALYTICS_ANONYMOUS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** Where the storefront loads gtag.js from (a local stand-in in tests); its origin joins the CSP with a key. */
  GOOGLE_ANALYTICS_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default(GTAG_SCRIPT_URL),
  /** Per-client limits on guessable calls: unset for the defaults, `off`, or `code=20:10,reserve=60`. */
  RATE_LIMITS: rateLimitsSetting,
  /** Benchmark-only routes under /api/bench (bench/rush); never set in production. */
  BENCH_ROUTES: flag,
  /** How often unpaid reservations past their validity are expired and their seats returned; 0 = never. */
  RESERVATION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Outgoing mail server, `smtp://host:port` or `smtps://user:password@host`; unset: no mail (and no waiting-list offers). */
  SMTP_URL: optionalText.refine((v) => v === null || /^smtps?:\/\/[^/\s]+/.test(v), 'must be an smtp:// or smtps:// URL'),
  /** Sender of the e-mails, e.g. `Tickets <tickets@example.org>`. */
  MAIL_FROM: optionalText,
  /** Minutes a seat offered to a waiting-list subscriber stays reserved for them. */
  WAITING_LIST_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(20_160).default(240),
  /**
   * Where the projections run: `worker` (a thread of their own, off the requests' event loop), `main` (the
   * requests' thread) or `auto` (the thread when the built API runs, the main thread from source, e.g. in tests).
   */
  PROJECTIONS_THREAD: z.enum(['auto', 'worker', 'main']).default('auto'),
  /** Signs waiting-room admission tokens; unset: one is made once and kept in the database. */
  QUEUE_TOKEN_SECRET: optionalText,
  /** How often the waiting rooms draw, place and admit (ms); 0 = never (tests step them). */
  QUEUE_ADMISSION_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /** VIES-compatible endpoint for EU VAT numbers of business invoices (events with EU VAT checking). */
  VAT_CHECK_URL: z.string().url().default('https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number'),
  /** Signs the log's checkpoints: an Ed25519 private key, PEM or base64 PKCS#8; unset outside prod: one made in AUDIT_SIGNING_KEY_FILE. */
  AUDIT_SIGNING_KEY: optionalText,
  AUDIT_SIGNING_KEY_FILE: optionalText,
  /** The append-only copy of every checkpoint outside the database (default .data/audit/checkpoints-<database>.jsonl). */
  AUDIT_CHECKPOINT_FILE: optionalText,
  /** How often a signed checkpoint of the log is made; 0 = never (on demand only: `audit checkpoint`). */
  AUDIT_CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
});

export type AppConfig = Readonly<{
  port: number;
  host: string;
  databaseUrl: string;
  eventStoreUrl: string | null;
  publicBaseUrl: string | null;
  mode: 'dev' | 'prod' | 'demo';
  sessionSecret: string | null;
  ticketCodeSecret: string | null;
  announcementBannerHtml: string | null;
  globalTermsUrl: string | null;
  globalPrivacyPolicyUrl: string | null;
  openIdEnabled: boolean;
  /** The OpenID Connect provider visitors sign in with; null when login is off. */
  openId: Readonly<{ issuerUrl: string; clientId: string; clientSecret: string }> | null;
  embeddingAllowedOrigins: readonly string[];
  storefrontDir: string | null;
  organizerApiKeys: string | null;
  auditorApiKeys: string | null;
  logLevel: string;
  trustProxy: TrustProxy;
  turnstile: TurnstileSettings;
  /** The legacy form captcha: its keys and siteverify, and where the storefront loads the widget from. */
  recaptcha: CaptchaSettings & { readonly scriptUrl: string };
  /** Google Analytics: the measurement id (null: none), anonymous mode, and where gtag.js is loaded from. */
  analytics: AnalyticsSettings;
  /** Null: no rate limits. */
  rateLimits: RateLimitSettings | null;
  benchRoutes: boolean;
  reservationSweepIntervalMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  waitingListReservationMinutes: number;
  vatCheckUrl: string;
  projectionsThread: 'auto' | 'worker' | 'main';
  queueTokenSecret: string | null;
  queueAdmissionIntervalMs: number;
  /** Payment test mode: accounts without keys use local stand-ins (never in prod). */
  paymentStandIns: boolean;
  /** Stand-ins someone else started and closes (PAYMENT_STAND_IN_URLS); null: the app starts its own in test mode. */
  paymentStandInUrls: StandInUrls | null;
  /** Apple and Google wallet passes, when configured (APPLE_WALLET_*, GOOGLE_WALLET_*). */
  wallet: WalletSettings;
  /** Signed checkpoints of the log (AUDIT_*): key, file, interval. */
  auditCheckpoints: CheckpointSettings;
}>;

export type { WalletSettings } from './wallet-config.js';

export class InvalidConfigurationError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidConfigurationError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.APP_MODE === 'prod' && e.PAYMENT_STAND_INS === true) {
    throw new InvalidConfigurationError('invalid configuration:\n  PAYMENT_STAND_INS: payment test mode cannot be enabled with APP_MODE=prod');
  }
  if (e.PAYMENT_STAND_IN_URLS && (e.APP_MODE === 'prod' || e.PAYMENT_STAND_INS === false)) {
    throw new InvalidConfigurationError('invalid configuration:\n  PAYMENT_STAND_IN_URLS: needs payment test mode (not with APP_MODE=prod or PAYMENT_STAND_INS=false)');
  }
  const wallet = readWalletSettings(env);
  if (wallet.problems.length > 0) throw new InvalidConfigurationError(`invalid configuration:\n${wallet.problems.map((p) => `  ${p}`).join('\n')}`);
  const openId = openIdSettings(e);
  if (e.TURNSTILE_ENABLED && !(e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET)) {
    throw new InvalidConfigurationError('invalid configuration:\n  TURNSTILE_ENABLED: needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET');
  }
  const auditCheckpoints = auditCheckpointSettings(env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    mode: e.APP_MODE,
    sessionSecret: e.SESSION_SECRET,
    ticketCodeSecret: e.TICKET_CODE_SECRET,
    announcementBannerHtml: e.ANNOUNCEMENT_BANNER_HTML,
    globalTermsUrl: e.GLOBAL_TERMS_URL,
    globalPrivacyPolicyUrl: e.GLOBAL_PRIVACY_POLICY_URL,
    openIdEnabled: openId !== null,
    openId,
    embeddingAllowedOrigins: e.EMBEDDING_ALLOWED_ORIGINS,
    storefrontDir: e.STOREFRONT_DIR,
    organizerApiKeys: e.ORGANIZER_API_KEYS,
    auditorApiKeys: e.AUDITOR_API_KEYS,
    paymentStandIns: e.PAYMENT_STAND_INS ?? e.APP_MODE !== 'prod',
    paymentStandInUrls: e.PAYMENT_STAND_IN_URLS,
    logLevel: e.LOG_LEVEL,
    // no forwarded header is believed unless configured: a default of true let any client pick its own address
    trustProxy: e.TRUST_PROXY ?? false,
    turnstile: {
      enabled: e.TURNSTILE_ENABLED,
      siteKey: e.TURNSTILE_SITE_KEY,
      secret: e.TURNSTILE_SECRET,
      verifyUrl: e.TURNSTILE_VERIFY_URL,
      preClearance: e.TURNSTILE_PRE_CLEARANCE,
    },
    recaptcha: { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL, scriptUrl: e.RECAPTCHA_SCRIPT_URL },
    analytics: { key: e.GOOGLE_ANALYTICS_KEY, anonymous: e.GOOGLE_ANALYTICS_ANONYMOUS, scriptUrl: e.GOOGLE_ANALYTICS_SCRIPT_URL },
    rateLimits: e.RATE_LIMITS,
    benchRoutes: e.BENCH_ROUTES,
    reservationSweepIntervalMs: e.RESERVATION_SWEEP_INTERVAL_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'no-reply@localhost',
    waitingListReservationMinutes: e.WAITING_LIST_RESERVATION_MINUTES,
    vatCheckUrl: e.VAT_CHECK_URL,
    projectionsThread: e.PROJECTIONS_THREAD,
    queueTokenSecret: e.QUEUE_TOKEN_SECRET,
    queueAdmissionIntervalMs: e.QUEUE_ADMISSION_INTERVAL_MS,
    wallet: wallet.settings,
    auditCheckpoints,
  };
}

/** The same AUDIT_* variables the CLI reads (checkpointSettingsFromEnv); a key that is not an Ed25519 one stops the start. */
function auditCheckpointSettings(env: NodeJS.ProcessEnv): CheckpointSettings {
  const settings = checkpointSettingsFromEnv(env);
  if (settings.signingKey) {
    try {
      parseSigningKey(settings.signingKey);
    } catch (error) {
      throw new InvalidConfigurationError(`invalid configuration:\n  AUDIT_SIGNING_KEY: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return settings;
}

/**
 * Login is on when the provider is configured (issuer, client id and secret), unless OPENID_ENABLED says false. In
 * prod the provider must be reached over https (its tokens are trusted for who the visitor is).
 */
function openIdSettings(e: z.infer<typeof environment>): AppConfig['openId'] {
  const { OPENID_ISSUER_URL: issuerUrl, OPENID_CLIENT_ID: clientId, OPENID_CLIENT_SECRET: clientSecret } = e;
  const explicit = e.OPENID_ENABLED === undefined || e.OPENID_ENABLED === '' ? null : e.OPENID_ENABLED === 'true' || e.OPENID_ENABLED === '1';
  if (explicit === false) return null;
  const given = [issuerUrl, clientId, clientSecret].filter((v) => v !== null).length;
  if (given === 0 && explicit === null) return null;
  if (given < 3) {
    throw new InvalidConfigurationError('invalid configuration:\n  OPENID_ISSUER_URL, OPENID_CLIENT_ID, OPENID_CLIENT_SECRET: login needs all three (or none, and login is off)');
  }
  if (e.APP_MODE === 'prod' && !issuerUrl!.startsWith('https:')) {
    throw new InvalidConfigurationError('invalid configuration:\n  OPENID_ISSUER_URL: must be an https URL with APP_MODE=prod');
  }
  return { issuerUrl: issuerUrl!, clientId: clientId!, clientSecret: clientSecret! };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
