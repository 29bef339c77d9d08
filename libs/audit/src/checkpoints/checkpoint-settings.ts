import { resolve } from 'node:path';

/** Where checkpoints are signed with, kept, and how often made (AUDIT_* in the environment; see the README). */
export interface CheckpointSettings {
  /** AUDIT_SIGNING_KEY: an Ed25519 private key, PEM or base64 PKCS#8. */
  readonly signingKey: string | null;
  /** AUDIT_SIGNING_KEY_FILE: the key made for development when none is configured (never in production). */
  readonly signingKeyFile: string;
  /** AUDIT_CHECKPOINT_FILE: the append-only JSON-lines copy of every checkpoint, outside the database. */
  readonly checkpointFile: string;
  /** AUDIT_CHECKPOINT_INTERVAL_MS: how often the API makes one; 0 = never (on demand only). */
  readonly intervalMs: number;
  /** Not production: a key may be made when none is configured. */
  readonly mayGenerate: boolean;
}

/** Beside the embedded PostgreSQL's data, under .data/ of the working directory (npm start and npm run tools run at the root). */
export const DEFAULT_SIGNING_KEY_FILE = '.data/audit/signing-key.pem';
/** One file per database (the name in DATABASE_URL), so that test and bench databases never mix with the dev one. */
export const DEFAULT_CHECKPOINT_FILE = '.data/audit/checkpoints-<database>.jsonl';
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 10 * 60_000;

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The settings from an environment (the CLI's; the API parses the same variables in app-config.ts). */
export function checkpointSettingsFromEnv(env: NodeJS.ProcessEnv): CheckpointSettings {
  const interval = text(env['AUDIT_CHECKPOINT_INTERVAL_MS']);
  const intervalMs = interval === null ? DEFAULT_CHECKPOINT_INTERVAL_MS : Number(interval);
  if (!Number.isInteger(intervalMs) || intervalMs < 0) throw new Error('AUDIT_CHECKPOINT_INTERVAL_MS must be a whole number of milliseconds, 0 for never');
  return {
    signingKey: text(env['AUDIT_SIGNING_KEY']),
    signingKeyFile: resolve(text(env['AUDIT_SIGNING_KEY_FILE']) ?? DEFAULT_SIGNING_KEY_FILE),
    checkpointFile: resolve(text(env['AUDIT_CHECKPOINT_FILE']) ?? DEFAULT_CHECKPOINT_FILE.replace('<database>', databaseName(env['DATABASE_URL']))),
    intervalMs,
    mayGenerate: (text(env['APP_MODE']) ?? 'dev') !== 'prod',
  };
}

function databaseName(url: string | undefined): string {
  try {
    const name = decodeURIComponent(new URL(url ?? '').pathname.slice(1));
    return name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'default';
  } catch {
    return 'default';
  }
}
