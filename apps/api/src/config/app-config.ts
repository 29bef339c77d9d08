import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : null));

/** Everything the API reads from its environment, parsed once at start; an invalid value stops the start. */
const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start provides an embedded PostgreSQL)'),
  EVENTSTORE_URL: optionalText,
  PUBLIC_BASE_URL: optionalText,
  /** dev: development banner and relaxed cookies; prod: secure cookies, insecure-production banner over http; demo. */
  APP_MODE: z.enum(['dev', 'prod', 'demo']).default('dev'),
  SESSION_SECRET: optionalText,
  ANNOUNCEMENT_BANNER_HTML: optionalText,
  GLOBAL_TERMS_URL: optionalText,
  GLOBAL_PRIVACY_POLICY_URL: optionalText,
  OPENID_ENABLED: flag,
  /** Origins allowed to frame the storefront (space separated), besides itself. */
  EMBEDDING_ALLOWED_ORIGINS: optionalText,
  STOREFRONT_DIR: optionalText,
  /** Organizer API keys, comma-separated `organizerSlug:key` pairs; unset: the organizer API answers 401. */
  ORGANIZER_API_KEYS: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = Readonly<{
  port: number;
  host: string;
  databaseUrl: string;
  eventStoreUrl: string | null;
  publicBaseUrl: string | null;
  mode: 'dev' | 'prod' | 'demo';
  sessionSecret: string | null;
  announcementBannerHtml: string | null;
  globalTermsUrl: string | null;
  globalPrivacyPolicyUrl: string | null;
  openIdEnabled: boolean;
  embeddingAllowedOrigins: readonly string[];
  storefrontDir: string | null;
  organizerApiKeys: string | null;
  logLevel: string;
}>;

export class InvalidConfigurationError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidConfigurationError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    mode: e.APP_MODE,
    sessionSecret: e.SESSION_SECRET,
    announcementBannerHtml: e.ANNOUNCEMENT_BANNER_HTML,
    globalTermsUrl: e.GLOBAL_TERMS_URL,
    globalPrivacyPolicyUrl: e.GLOBAL_PRIVACY_POLICY_URL,
    openIdEnabled: e.OPENID_ENABLED,
    embeddingAllowedOrigins: (e.EMBEDDING_ALLOWED_ORIGINS ?? '').split(/\s+/).filter(Boolean),
    storefrontDir: e.STOREFRONT_DIR,
    organizerApiKeys: e.ORGANIZER_API_KEYS,
    logLevel: e.LOG_LEVEL,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
