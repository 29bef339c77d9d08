import { readFileSync } from 'node:fs';
import type { GoogleWalletAccount, PassSigning } from '@ticketing/documents';

/** Apple Wallet: the pass type's certificate and key, and Apple's WWDR intermediate, all PEM. */
export type AppleWalletSettings = PassSigning;

/** Google Wallet: the issuer and the service account whose key signs the save links. */
export type GoogleWalletSettings = Omit<GoogleWalletAccount, 'origins'>;

export interface WalletSettings {
  readonly apple: AppleWalletSettings | null;
  readonly google: GoogleWalletSettings | null;
}

const APPLE = ['APPLE_WALLET_PASS_TYPE_ID', 'APPLE_WALLET_TEAM_ID', 'APPLE_WALLET_CERTIFICATE', 'APPLE_WALLET_KEY', 'APPLE_WALLET_WWDR_CERTIFICATE'] as const;

/** A PEM or JSON value given inline, or the path of a file holding it. */
function contentOf(name: string, value: string): string {
  const text = value.trim();
  if (text.startsWith('-----BEGIN') || text.startsWith('{')) return text;
  try {
    return readFileSync(text, 'utf8');
  } catch {
    throw new Error(`${name}: neither PEM/JSON nor a readable file`);
  }
}

/**
 * The wallet passes offered (`walletConfiguration` of /api/v2/info): Apple's when every APPLE_WALLET_* setting is
 * there, Google's with GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT (the service account's JSON key).
 * Half a configuration is an error, never a silently missing button. Returns the problems instead of throwing.
 */
export function readWalletSettings(env: NodeJS.ProcessEnv): { settings: WalletSettings; problems: string[] } {
  const problems: string[] = [];
  const given = APPLE.filter((name) => env[name]?.trim());
  let apple: AppleWalletSettings | null = null;
  if (given.length > 0 && given.length < APPLE.length) problems.push(`APPLE_WALLET_*: missing ${APPLE.filter((n) => !given.includes(n)).join(', ')}`);
  else if (given.length === APPLE.length) {
    try {
      apple = {
        passTypeIdentifier: env['APPLE_WALLET_PASS_TYPE_ID']!.trim(),
        teamIdentifier: env['APPLE_WALLET_TEAM_ID']!.trim(),
        signerCertPem: contentOf('APPLE_WALLET_CERTIFICATE', env['APPLE_WALLET_CERTIFICATE']!),
        signerKeyPem: contentOf('APPLE_WALLET_KEY', env['APPLE_WALLET_KEY']!),
        wwdrPem: contentOf('APPLE_WALLET_WWDR_CERTIFICATE', env['APPLE_WALLET_WWDR_CERTIFICATE']!),
        ...(env['APPLE_WALLET_KEY_PASSPHRASE'] ? { signerKeyPassphrase: env['APPLE_WALLET_KEY_PASSPHRASE'] } : {}),
      };
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  let google: GoogleWalletSettings | null = null;
  const issuerId = env['GOOGLE_WALLET_ISSUER_ID']?.trim();
  const account = env['GOOGLE_WALLET_SERVICE_ACCOUNT']?.trim();
  if (Boolean(issuerId) !== Boolean(account)) problems.push('GOOGLE_WALLET_*: needs both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT');
  else if (issuerId && account) {
    try {
      const key = JSON.parse(contentOf('GOOGLE_WALLET_SERVICE_ACCOUNT', account)) as { client_email?: unknown; private_key?: unknown };
      if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT: not a service account key (client_email, private_key)');
      google = { issuerId, serviceAccountEmail: key.client_email, privateKeyPem: key.private_key };
    } catch (error) {
      problems.push(error instanceof SyntaxError ? 'GOOGLE_WALLET_SERVICE_ACCOUNT: not JSON' : (error as Error).message);
    }
  }
  return { settings: { apple, google }, problems };
}
