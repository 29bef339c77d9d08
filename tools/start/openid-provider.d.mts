export type OpenIdPlan = { readonly kind: 'external' } | { readonly kind: 'off'; readonly reason: string } | { readonly kind: 'local'; readonly port: number };

/** What `npm start` does about login: an external provider when configured; off in prod or when disabled; else the local one. */
export function openIdPlan(env: Record<string, string | undefined>): OpenIdPlan;

export interface RunningLocalOpenIdProvider {
  readonly issuer: string;
  readonly users: readonly { readonly email: string; readonly password: string }[];
  /** OPENID_ISSUER_URL, OPENID_CLIENT_ID, OPENID_CLIENT_SECRET for the API. */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

/** The bundled local provider (dist/api/local-openid-provider.js) on 127.0.0.1, with the app as its client. */
export function startLocalOpenIdProvider(options: { root: string; port: number; publicBaseUrl: string }): Promise<RunningLocalOpenIdProvider>;
