import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type KoaContextLike } from 'oidc-provider';
import { DEMO_USERS, type DemoUser } from './demo-users.js';
import { errorPage, loginPage, logoutPage, signedOutPage } from './provider-pages.js';

/** A relying party the provider knows: this application (its callback and the page to return to after logout). */
export interface LocalClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
}

export interface LocalOpenIdProviderOptions {
  readonly clients: readonly LocalClient[];
  readonly users?: readonly DemoUser[];
  /** Loopback by default. */
  readonly host?: string;
  /** 0 (the default): a free port. */
  readonly port?: number;
  /** The issuer it names itself; default its own address. A test puts a proxy in front and names the proxy. */
  readonly issuer?: string;
  /** Private signing keys (JWK with `d`); default one RS256 key made at start. */
  readonly signingKeys?: readonly JWK[];
  /** Lifetime of its ID tokens in seconds (default 3600). */
  readonly idTokenTtlSeconds?: number;
  readonly onError?: (error: unknown) => void;
}

export interface LocalOpenIdProvider {
  /** The issuer identifier (what OPENID_ISSUER_URL must be). */
  readonly issuer: string;
  /** Where it listens, `http://host:port`. */
  readonly url: string;
  readonly users: readonly DemoUser[];
  stop(): Promise<void>;
}

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with a few demo people and a plain sign-in page:
 * the provider `npm start` logs in against when no external issuer is configured, and the one the tests drive.
 * Authorization code flow only, PKCE required, consent implied for its clients (they are first-party), RP-initiated
 * logout. Its keys, sessions and codes live in memory: a restart signs everybody out of it (not of the app).
 */
export async function startLocalOpenIdProvider(options: LocalOpenIdProviderOptions): Promise<LocalOpenIdProvider> {
  const users = options.users ?? DEMO_USERS;
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  const issuer = options.issuer ?? url;
  const signingKeys = options.signingKeys ?? [await newSigningKey()];

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [...c.redirectUris],
      post_logout_redirect_uris: [...c.postLogoutRedirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx: unknown, id: string) {
      const user = users.find((u) => u.id === id);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          given_name: user.givenName,
          family_name: user.familyName,
          name: `${user.givenName} ${user.familyName}`,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    jwks: { keys: signingKeys },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // seconds; set rather than left to the defaults, which oidc-provider asks to be chosen
    ttl: { IdToken: options.idTokenTtlSeconds ?? 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextLike, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(ctx.host, form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextLike) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // its clients are this application: consent to the scopes they ask for is implied
    async loadExistingGrant(ctx: KoaContextLike) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session.accountId;
      if (!clientId || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx: KoaContextLike, out: Record<string, unknown>) {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  });
  provider.on('server_error', (_ctx, error) => options.onError?.(error));
  const oidc = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const match = INTERACTION.exec(path);
    if (!match) return oidc(request, response);
    handleInteraction(provider, users, request, response, match[2] ?? null).catch((error: unknown) => {
      options.onError?.(error);
      if (!response.headersSent) sendHtml(response, 400, errorPage({ error: 'invalid_request', error_description: 'this sign-in is over or unknown; start again from the application' }));
    });
  });

  return {
    issuer,
    url,
    users,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handleInteraction(provider: Provider, users: readonly DemoUser[], request: IncomingMessage, response: ServerResponse, action: string | null): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name !== 'login') {
    // consent is implied (loadExistingGrant); any other prompt is not something this provider asks
    return provider.interactionFinished(request, response, { error: 'access_denied', error_description: `prompt ${details.prompt.name} not supported` }, { mergeWithLastSubmission: false });
  }
  if (action === null && request.method === 'GET') return sendHtml(response, 200, loginPage({ uid: details.uid, users }));
  if (request.method !== 'POST') return sendHtml(response, 405, errorPage({ error: 'method_not_allowed' }));
  if (action === 'abort') {
    return provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'the person cancelled the sign-in' }, { mergeWithLastSubmission: false });
  }
  const form = await readForm(request);
  const email = (form.get('email') ?? '').trim().toLowerCase();
  const user = users.find((u) => u.email === email && u.password === (form.get('password') ?? ''));
  if (!user) return sendHtml(response, 401, loginPage({ uid: details.uid, email, users, error: 'Wrong e-mail or password.' }));
  return provider.interactionFinished(request, response, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
}
