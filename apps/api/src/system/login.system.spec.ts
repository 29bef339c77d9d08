import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, startLocalOpenIdProvider, type LocalOpenIdProvider } from '@ticketing/accounts/local-provider';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { startApiProcess, type ApiProcess } from './api-process.js';

// The address visitors use (a load balancer in front of the processes): what the provider sends them back to.
const FRONT = 'http://front.localhost';
const NEWCOMER = { id: 'newcomer', email: 'newcomer@example.org', password: 'first-time', givenName: 'New', familyName: 'Comer' };
const CLIENT = { clientId: 'storefront', clientSecret: randomBytes(24).toString('base64url'), redirectUris: [`${FRONT}/openid/callback`], postLogoutRedirectUris: [`${FRONT}/`] };

/** A browser over real HTTP: one cookie jar for the app (whichever process answers), one for the provider. */
class Browser {
  private readonly jars = { app: new Map<string, string>(), provider: new Map<string, string>() };

  private async fetch(jar: Map<string, string>, url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', ...init, headers: { cookie, ...(init.headers as Record<string, string> | undefined) } });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) jar.delete(pair!.slice(0, eq));
      else jar.set(pair!.slice(0, eq), value);
    }
    return response;
  }

  app(api: ApiProcess, path: string, init: RequestInit = {}): Promise<Response> {
    return this.fetch(this.jars.app, `${api.baseUrl}${path}`, init);
  }

  async me(api: ApiProcess): Promise<{ status: number; email?: string }> {
    const response = await this.app(api, '/api/v2/public/user/me');
    return response.status === 200 ? { status: 200, email: ((await response.json()) as { emailAddress: string }).emailAddress } : { status: response.status };
  }

  /** Starts the login on `api`, signs in at the provider, returns the path and query of the provider's answer. */
  async signIn(api: ApiProcess, email: string, password: string): Promise<string> {
    await this.app(api, '/api/v2/public/i18n/languages');
    let location = (await this.app(api, '/openid/authentication')).headers.get('location')!;
    for (let hops = 0; hops < 10; hops++) {
      if (location.startsWith(`${FRONT}/openid/callback`)) return location.slice(FRONT.length);
      let response = await this.fetch(this.jars.provider, location);
      if (response.status === 200) {
        const action = /action="([^"]+\/login)"/.exec(await response.text())![1]!;
        const form = new URLSearchParams({ email, password }).toString();
        response = await this.fetch(this.jars.provider, new URL(action, location).href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      }
      location = new URL(response.headers.get('location')!, location).href;
    }
    throw new Error('too many redirects');
  }

  async logout(api: ApiProcess): Promise<Response> {
    const xsrf = (await this.app(api, '/api/v2/public/i18n/languages')).headers.get('xsrf-token')!;
    return this.app(api, '/api/v2/public/user/logout', { method: 'POST', headers: { 'x-xsrf-token': xsrf } });
  }
}

describe('login across two API processes (dist/api/main.js) on one database', () => {
  let database: TestDatabase;
  let provider: LocalOpenIdProvider;
  let a: ApiProcess;
  let b: ApiProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('system');
    provider = await startLocalOpenIdProvider({ clients: [CLIENT], users: [...DEMO_USERS, NEWCOMER] });
    env = {
      DATABASE_URL: database.url,
      RATE_LIMITS: 'off',
      PUBLIC_BASE_URL: FRONT,
      OPENID_ISSUER_URL: provider.issuer,
      OPENID_CLIENT_ID: CLIENT.clientId,
      OPENID_CLIENT_SECRET: CLIENT.clientSecret,
    };
    [a, b] = await Promise.all([startApiProcess('A', env), startApiProcess('B', env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await provider?.stop();
    await database?.drop();
  });

  it('a login started on one process and answered on the other binds the session for both, and for a process started later', async () => {
    const browser = new Browser();
    const callback = await browser.signIn(a, 'grace@example.org', 'hopper');
    expect((await browser.app(b, callback)).status, b.logs()).toBe(200);
    expect(await browser.me(b)).toEqual({ status: 200, email: 'grace@example.org' });
    expect(await browser.me(a)).toEqual({ status: 200, email: 'grace@example.org' });

    await a.stop();
    a = await startApiProcess('A (restarted)', env);
    expect(await browser.me(a)).toEqual({ status: 200, email: 'grace@example.org' });

    expect((await browser.logout(b)).status).toBe(200);
    expect(await browser.me(a)).toEqual({ status: 204 });
  });

  it('a replayed answer is refused by the other process too', async () => {
    const browser = new Browser();
    const callback = await browser.signIn(a, 'ada@example.org', 'lovelace');
    expect((await browser.app(a, callback)).status).toBe(200);
    const replayed = await browser.app(b, callback);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain('login.unknown-state');
  });

  it('two first sign-ins of one person at once, one per process, register them once', async () => {
    const first = new Browser();
    const second = new Browser();
    const [one, two] = [await first.signIn(a, NEWCOMER.email, NEWCOMER.password), await second.signIn(b, NEWCOMER.email, NEWCOMER.password)];
    const answers = await Promise.all([first.app(a, one), second.app(b, two)]);
    expect(answers.map((r) => r.status), `${a.logs()}\n${b.logs()}`).toEqual([200, 200]);
    expect(await first.me(b)).toEqual({ status: 200, email: NEWCOMER.email });
    expect(await second.me(a)).toEqual({ status: 200, email: NEWCOMER.email });
    const { rows } = await database.db.query<{ registered: string; signed_in: string }>(
      `select count(*) filter (where type = 'UserRegistered') as registered, count(*) filter (where type = 'UserSignedIn') as signed_in
       from events where stream_id like 'user-%' group by stream_id having count(*) filter (where type = 'UserSignedIn') = 2`,
    );
    // one stream with both sign-ins, registered once
    expect(rows).toEqual([{ registered: '1', signed_in: '2' }]);
  });
});
