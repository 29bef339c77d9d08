import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { TestApp } from '@ticketing/testing/app';

/** Cookies by name, as a browser keeps them for one site (paths ignored: the names the two sites use differ). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string | string[] | undefined | null): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/** A visitor's browser: the app's cookies (its requests go through Fastify's injection) and the provider's. */
export class Browser {
  readonly app = new CookieJar();
  readonly provider = new CookieJar();

  constructor(readonly testApp: Pick<TestApp, 'inject'>) {}

  /** A GET or POST to the app with this browser's cookies (and the session token headers on API calls). */
  async call(method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) {
    const response = await this.testApp.inject({ method, url, headers: { cookie: this.app.header(), ...headers } });
    this.app.take(response.headers['set-cookie'] as string | string[] | undefined);
    return response;
  }

  /** The visitor's session id (made by a first GET of the storefront's API). */
  async session(): Promise<string> {
    if (!this.app.get('ALFIO_SESSION')) await this.call('GET', '/api/v2/public/i18n/languages');
    return this.app.get('ALFIO_SESSION')!;
  }

  async me() {
    return this.call('GET', '/api/v2/public/user/me');
  }

  async logout() {
    const page = await this.call('GET', '/api/v2/public/i18n/languages');
    return this.call('POST', '/api/v2/public/user/logout', { 'x-xsrf-token': String(page.headers['xsrf-token']) });
  }

  /** A request to the provider, as the browser's address bar would send it, without following redirects. */
  async visit(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { cookie: this.provider.header(), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.provider.take(response.headers.getSetCookie());
    return response;
  }

  /**
   * From the app's login start to the provider's answer: follows the redirects, posts the sign-in form, and
   * returns the callback address the provider sends the browser to (not yet requested).
   */
  async signInAtProvider(startPath: string, email: string, password: string): Promise<URL> {
    const start = await this.call('GET', startPath);
    if (start.statusCode !== 302) throw new Error(`login start answered ${start.statusCode}: ${start.body}`);
    let location = new URL(String(start.headers.location));
    for (let hops = 0; hops < 10; hops++) {
      if (location.pathname === '/openid/callback') return location;
      const response = await this.visit(location.href);
      if (response.status === 200 && location.pathname.startsWith('/interaction/')) {
        const page = await response.text();
        const action = /<form method="post" action="([^"]+\/login)"/.exec(page)?.[1];
        if (!action) throw new Error(`no sign-in form on ${location.href}`);
        const posted = await this.visit(new URL(action, location).href, { method: 'POST', form: { email, password } });
        if (posted.status !== 303 && posted.status !== 302) throw new Error(`sign-in answered ${posted.status}: ${await posted.text()}`);
        location = new URL(posted.headers.get('location')!, location);
        continue;
      }
      if (response.status !== 302 && response.status !== 303) throw new Error(`the provider answered ${response.status} at ${location.href}: ${await response.text()}`);
      location = new URL(response.headers.get('location')!, location);
    }
    throw new Error('too many redirects');
  }

  /** The provider's answer, delivered to the app as the browser would (its path and query, its cookies). */
  async deliver(callback: URL) {
    return this.call('GET', `${callback.pathname}${callback.search}`);
  }
}

export type TokenTampering = 'none' | 'other-key' | 'expired' | 'other-audience' | 'other-nonce' | 'other-issuer';

/**
 * A man in the middle between the app and the provider (the provider names the proxy as its issuer): passes every
 * request through, and when told to, rewrites the ID token of the token endpoint's answer. `signingKey` is the
 * provider's own private key, to forge tokens that only break the one rule under test.
 */
export async function startTokenProxy(target: () => string, signingKey: JWK): Promise<{ url: string; tamper: TokenTampering; stop(): Promise<void> }> {
  const state = { tamper: 'none' as TokenTampering };
  const server: Server = createServer((incoming, outgoing) => {
    const upstream = new URL(incoming.url ?? '/', target());
    const forwarded = httpRequest(upstream, { method: incoming.method, headers: incoming.headers }, (answer) => {
      const rewrite = state.tamper !== 'none' && upstream.pathname === '/token' && answer.statusCode === 200;
      if (!rewrite) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        void tamperWith(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token: string }, state.tamper, signingKey).then((body) => {
          const text = JSON.stringify(body);
          const headers: IncomingHttpHeaders = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
          outgoing.writeHead(200, headers);
          outgoing.end(text);
        });
      });
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get tamper() {
      return state.tamper;
    },
    set tamper(value: TokenTampering) {
      state.tamper = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function tamperWith(body: { id_token: string }, tamper: TokenTampering, providerKey: JWK): Promise<{ id_token: string }> {
  const header = decodeProtectedHeader(body.id_token);
  const claims: JWTPayload = decodeJwt(body.id_token);
  const now = Math.floor(Date.now() / 1000);
  let key = await importJWK(providerKey, 'RS256');
  let forged = { ...claims };
  if (tamper === 'other-key') {
    // the same claims and key id, signed by a key the provider never published
    const { generateKeyPair } = await import('jose');
    key = (await generateKeyPair('RS256')).privateKey;
  } else if (tamper === 'expired') {
    forged = { ...claims, iat: now - 7200, exp: now - 3600 };
  } else if (tamper === 'other-audience') {
    forged = { ...claims, aud: 'another-client' };
  } else if (tamper === 'other-nonce') {
    forged = { ...claims, nonce: 'a-nonce-of-another-login' };
  } else if (tamper === 'other-issuer') {
    forged = { ...claims, iss: 'https://id.example.org' };
  }
  const id_token = await new SignJWT(forged).setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid!, typ: header.typ ?? 'JWT' }).sign(key);
  return { ...body, id_token };
}
