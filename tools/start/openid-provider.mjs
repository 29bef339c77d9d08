import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What `npm start` does about visitor login, from its environment: an external provider when OPENID_ISSUER_URL is
 * given; off with APP_MODE=prod (a demo provider must never vouch for real people) or OPENID_ENABLED=false;
 * otherwise the local OpenID provider, on OPENID_LOCAL_PORT or a free port (0).
 * @param {Record<string, string | undefined>} env
 * @returns {{ kind: 'external' } | { kind: 'off', reason: string } | { kind: 'local', port: number }}
 */
export function openIdPlan(env) {
  if (env.OPENID_ISSUER_URL && env.OPENID_ISSUER_URL.trim() !== '') return { kind: 'external' };
  if (/^(false|0)$/.test(env.OPENID_ENABLED ?? '')) return { kind: 'off', reason: 'OPENID_ENABLED=false' };
  if ((env.APP_MODE ?? 'dev') === 'prod') return { kind: 'off', reason: 'APP_MODE=prod without OPENID_ISSUER_URL' };
  const value = env.OPENID_LOCAL_PORT?.trim();
  if (!value) return { kind: 'local', port: 0 };
  const port = Number(value);
  // `told`: start.mjs prints it as a message, not a stack
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw Object.assign(new Error(`OPENID_LOCAL_PORT must be a port number (1-65535), not ${JSON.stringify(value)}`), { told: true });
  return { kind: 'local', port };
}

/**
 * The local OpenID provider (libs/accounts/src/server/local-provider, bundled as dist/api/local-openid-provider.js)
 * on 127.0.0.1, knowing the app as its one client (a secret made for this start), and the environment the API
 * needs to log in against it.
 * @param {{ root: string, port: number, publicBaseUrl: string }} options
 */
export async function startLocalOpenIdProvider({ root, port, publicBaseUrl }) {
  const { startLocalOpenIdProvider: start } = await import(pathToFileURL(resolve(root, 'dist/api/local-openid-provider.js')).href);
  const base = publicBaseUrl.replace(/\/+$/, '');
  const client = {
    clientId: 'ticketing-storefront',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUris: [`${base}/openid/callback`],
    postLogoutRedirectUris: [`${base}/`],
  };
  const provider = await start({ clients: [client], port, onError: (error) => process.stderr.write(`[openid] ${error?.stack ?? error}\n`) });
  return {
    issuer: provider.issuer,
    users: provider.users,
    env: { OPENID_ISSUER_URL: provider.issuer, OPENID_CLIENT_ID: client.clientId, OPENID_CLIENT_SECRET: client.clientSecret },
    stop: () => provider.stop(),
  };
}
