import * as client from 'openid-client';
import type { UserDetails } from '@ticketing/accounts/domain';
import type { OpenIdSettings } from '../tokens.js';

/** Who the provider vouched for, from a verified ID token (and its UserInfo when the token names no e-mail). */
export interface VerifiedIdentity {
  readonly issuer: string;
  readonly subject: string;
  readonly details: UserDetails;
}

export interface AuthorizationRequest {
  readonly url: URL;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

const SCOPE = 'openid email profile';
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Name and e-mail from the provider's claims (ID token, else userinfo). An address the provider says it has not
 * verified (`email_verified: false`) is not taken: it would prefill orders and receive their tickets, and anyone can
 * type any address into an account at many providers. Providers that do not send the claim are trusted.
 */
export function personDetails(claims: Record<string, unknown>): VerifiedIdentity['details'] {
  return {
    firstName: text(claims.given_name) ?? text(claims.name),
    lastName: text(claims.family_name),
    email: claims.email_verified === false || claims.email_verified === 'false' ? null : text(claims.email),
  };
}

/** The provider could not be reached (or answered nonsense to discovery): not the visitor's fault. */
export class ProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super('the OpenID provider could not be reached', { cause });
    this.name = 'ProviderUnavailable';
  }
}

function unreachable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || (e instanceof TypeError && /fetch failed/.test(e.message))) return true;
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_)/.test(code)) return true;
  }
  return false;
}

/**
 * The relying party (openid-client 6): authorization code flow with PKCE (S256), `state` and `nonce`, against the
 * provider found by discovery from its issuer. The ID token's signature is checked against the provider's JWKS
 * (enableNonRepudiationChecks: openid-client otherwise trusts TLS alone for tokens from the token endpoint), and
 * its issuer, audience, nonce, expiry and issue time by openid-client. Discovery happens at the first login, not
 * at start-up (the app starts while the provider is down), and again after a failure.
 */
export class OpenIdLogin {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OpenIdSettings,
    readonly redirectUri: string,
    private readonly postLogoutRedirectUri: string,
  ) {}

  private discovered(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(new URL(this.settings.issuerUrl), this.settings.clientId, { redirect_uris: [this.redirectUri] }, client.ClientSecretBasic(this.settings.clientSecret), {
        // plain http only reaches this far outside prod (the configuration refuses it there): the local provider
        execute: [...(this.settings.issuerUrl.startsWith('http:') ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw new ProviderUnavailable(error);
      });
    return this.configuration;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.discovered();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the provider's answer (`query`: the callback's query string) and verifies the ID token.
   * Throws ProviderUnavailable when the provider cannot be reached; any other error is a refusal.
   */
  async complete(query: string, checks: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedIdentity> {
    const config = await this.discovered();
    try {
      const tokens = await client.authorizationCodeGrant(config, new URL(`${this.redirectUri}?${query}`), {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let info: Record<string, unknown> = claims;
      if (text(claims.email) === null && config.serverMetadata().userinfo_endpoint) {
        info = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      }
      return { issuer: claims.iss, subject: claims.sub, details: personDetails(info) };
    } catch (error) {
      if (unreachable(error)) throw new ProviderUnavailable(error);
      throw error;
    }
  }

  /** Where the browser ends its session at the provider, or null when it has no end-session endpoint (or is down). */
  async endSessionUrl(): Promise<string | null> {
    let config: client.Configuration;
    try {
      config = await this.discovered();
    } catch {
      return null;
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, { client_id: this.settings.clientId, post_logout_redirect_uri: this.postLogoutRedirectUri }).href;
  }
}
