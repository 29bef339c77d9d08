import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from '../local-provider/index.js';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { Browser, startTokenProxy } from './login.fixtures.js';

const BASE = 'http://localhost:8080';
const CLIENT = { clientId: 'storefront', clientSecret: randomBytes(24).toString('base64url'), redirectUris: [`${BASE}/openid/callback`], postLogoutRedirectUris: [`${BASE}/`] };
const loginEnv = (issuer: string) => ({ OPENID_ISSUER_URL: issuer, OPENID_CLIENT_ID: CLIENT.clientId, OPENID_CLIENT_SECRET: CLIENT.clientSecret, PUBLIC_BASE_URL: BASE });
const continuesTo = (body: string) => /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(body)?.[1];

describe('OpenID Connect login against the local provider', () => {
  let provider: LocalOpenIdProvider;
  let app: TestApp;

  beforeAll(async () => {
    provider = await startLocalOpenIdProvider({ clients: [CLIENT] });
    app = await startTestApp(loginEnv(provider.issuer));
  });
  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('says login is enabled, and the visitor is anonymous before it', async () => {
    const enabled = await app.inject({ method: 'GET', url: '/api/v2/public/user/authentication-enabled' });
    expect(enabled.body).toBe('true');
    expect(enabled.headers['alfio-openid-enabled']).toBe('true');
    expect((await new Browser(app).me()).statusCode).toBe(204);
  });

  it('signs a new session in, replacing the visitor\'s: /user/me answers the user, the log keeps name and e-mail encrypted', async () => {
    const browser = new Browser(app);
    const session = await browser.session();
    const callback = await browser.signInAtProvider('/openid/authentication?returnTo=/my-orders', 'ada@example.org', 'lovelace');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const answer = await browser.deliver(callback);
    expect(answer.statusCode).toBe(200);
    expect(continuesTo(answer.body)).toBe('/my-orders');
    // the login cookie is spent; the browser has a new session (no fixation): the one it came with stays anonymous
    expect(browser.app.get('ALFIO_LOGIN')).toBeUndefined();
    const signedIn = browser.app.get('ALFIO_SESSION')!;
    expect(signedIn).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signedIn).not.toBe(session);
    expect(answer.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^ALFIO_SESSION=[^;]+; Path=\/; SameSite=Lax; HttpOnly/)]));
    // the person was registered by this login: the page it continues to is told so, once (the sign-up toast)
    expect(answer.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^ALFIO_SIGNED_UP=1; Path=\/; HttpOnly; SameSite=Lax; Max-Age=300$/)]));
    const planted = await app.inject({ method: 'GET', url: '/api/v2/public/user/me', headers: { 'x-auth-token': session } });
    expect(planted.statusCode).toBe(204);

    const me = await browser.me();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.org', profile: null, external: true });
    // the same session through the header the storefront sends
    const byHeader = await app.inject({ method: 'GET', url: '/api/v2/public/user/me', headers: { 'x-auth-token': signedIn } });
    expect(byHeader.json()).toMatchObject({ emailAddress: 'ada@example.org' });

    const events = (await app.store.readAll()).filter((e) => e.streamId.startsWith('user-'));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserSignedIn']);
    const clear = JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })));
    expect(clear).not.toMatch(/Lovelace|ada@example\.org/);
    expect(clear).not.toContain(session);
    expect(clear).not.toContain(signedIn);
    expect(events[0]!.personal).toMatchObject({ subjectId: events[0]!.data.userId, data: { details: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' } } });
  });

  it('answers a wrong password on the provider\'s page with a labelled form and an announced error', async () => {
    const browser = new Browser(app);
    const start = await browser.call('GET', '/openid/authentication');
    let response = await browser.visit(String(start.headers.location));
    const interaction = new URL(response.headers.get('location')!, provider.url);
    response = await browser.visit(interaction.href);
    const page = await response.text();
    expect(page).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email"/);
    expect(page).toMatch(/<label for="password">Password<\/label>\s*<input id="password"/);
    const wrong = await browser.visit(`${interaction.href}/login`, { method: 'POST', form: { email: 'ada@example.org', password: 'babbage' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('role="alert"');
  });

  it('refuses a wrong state, and the genuine answer still signs in afterwards', async () => {
    const browser = new Browser(app);
    const callback = await browser.signInAtProvider('/openid/authentication', 'grace@example.org', 'hopper');
    const forged = new URL(callback);
    forged.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refused = await browser.deliver(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('login.unknown-state');
    expect((await browser.me()).statusCode).toBe(204);

    expect((await browser.deliver(callback)).statusCode).toBe(200);
    expect((await browser.me()).json()).toMatchObject({ firstName: 'Grace' });
  });

  it('refuses a replayed answer: in the same browser, and in an attacker\'s', async () => {
    const browser = new Browser(app);
    const callback = await browser.signInAtProvider('/openid/authentication', 'ada@example.org', 'lovelace');
    expect((await browser.deliver(callback)).statusCode).toBe(200);

    const again = await browser.deliver(callback);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('login.unknown-state');

    const attacker = new Browser(app);
    await attacker.session();
    attacker.app.set('ALFIO_LOGIN', browser.app.get('ALFIO_LOGIN') ?? randomBytes(32).toString('base64url'));
    const replayed = await attacker.deliver(callback);
    expect(replayed.statusCode).toBe(400);
    expect((await attacker.me()).statusCode).toBe(204);
  });

  it('refuses an answer that comes back to another browser than the one that started the login', async () => {
    const victim = new Browser(app);
    const callback = await victim.signInAtProvider('/openid/authentication', 'ada@example.org', 'lovelace');
    const other = new Browser(app);
    await other.session();
    const refused = await other.deliver(callback);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('login.other-browser');
    expect((await other.me()).statusCode).toBe(204);
    expect((await victim.me()).statusCode).toBe(204);
  });

  it('refuses a code the provider never issued', async () => {
    const browser = new Browser(app);
    const callback = await browser.signInAtProvider('/openid/authentication', 'ada@example.org', 'lovelace');
    const forged = new URL(callback);
    forged.searchParams.set('code', randomBytes(32).toString('base64url'));
    const refused = await browser.deliver(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('login.not-verified');
    expect((await browser.me()).statusCode).toBe(204);
  });

  it('refuses the provider\'s error answer (the person cancelled)', async () => {
    const browser = new Browser(app);
    const start = await browser.call('GET', '/openid/authentication');
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const refused = await browser.call('GET', `/openid/callback?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(provider.issuer)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('login.provider-error');
    expect((await browser.me()).statusCode).toBe(204);
  });

  it('continues in the language the login started with', async () => {
    const browser = new Browser(app);
    const answer = await browser.deliver(await browser.signInAtProvider('/openid/authentication?returnTo=/my-orders&lang=fr', 'ada@example.org', 'lovelace'));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(/<html lang="fr">/);
    expect(answer.body).toContain('<h1>Connecté</h1><p><a href="/my-orders">Continuer</a></p>');
  });

  describe('the refusal page', () => {
    const cancelled = async (browser: Browser, start: string, headers: Record<string, string> = {}) => {
      const started = await browser.call('GET', start);
      const state = new URL(String(started.headers.location)).searchParams.get('state')!;
      return browser.call('GET', `/openid/callback?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(provider.issuer)}`, headers);
    };
    const shown = (body: string) => ({
      lang: /<html lang="([^"]*)">/.exec(body)?.[1],
      title: /<title>([^<]*)<\/title>/.exec(body)?.[1],
      heading: /<h1>([^<]*)<\/h1>/.exec(body)?.[1],
      back: /<p><a href="([^"]*)">([^<]*)<\/a><\/p>/.exec(body)?.slice(1),
    });

    it('speaks the language the login started with and links back to where it started', async () => {
      const refused = await cancelled(new Browser(app), '/openid/authentication?returnTo=%2Fevent%2Fmeetup%3Fcode%3DVIP&lang=de', { 'accept-language': 'fr' });
      expect(refused.statusCode).toBe(400);
      expect(shown(refused.body)).toEqual({ lang: 'de', title: 'Anmeldung fehlgeschlagen', heading: 'Anmeldung fehlgeschlagen', back: ['/event/meetup?code=VIP', 'Zurück zur vorherigen Seite'] });
      expect(refused.body).toContain('Die Anmeldung wurde abgebrochen oder vom Identitätsanbieter abgelehnt.');
    });

    it('speaks the first of Accept-Language the storefront has when the login named none (or one it lacks), else English', async () => {
      const italian = await cancelled(new Browser(app), '/openid/event/meetup/reservation/8c1f0c52-4d4e-4f57-9f0a-3c2b1a0e9d8c?lang=ja', { 'accept-language': 'ja, it-CH;q=0.9, de;q=0.5' });
      expect(shown(italian.body)).toEqual({
        lang: 'it',
        title: 'Accesso non riuscito',
        heading: 'Accesso non riuscito',
        back: ['/event/meetup/reservation/8c1f0c52-4d4e-4f57-9f0a-3c2b1a0e9d8c', 'Torna dove eri'],
      });
      // a lang that is no language tag is passed over (never stored, never a refused login)
      const german = await cancelled(new Browser(app), '/openid/authentication?returnTo=/events-all&lang=%00de', { 'accept-language': 'de-CH' });
      expect(shown(german.body)).toMatchObject({ lang: 'de', back: ['/events-all', 'Zurück zur vorherigen Seite'] });
      const english = await cancelled(new Browser(app), '/openid/authentication?returnTo=/events-all', { 'accept-language': 'ja' });
      expect(shown(english.body)).toEqual({ lang: 'en', title: 'Sign-in failed', heading: 'Sign-in failed', back: ['/events-all', 'Back to where you were'] });
    });

    it('links home, never to another site nor to the login\'s page, when the answer is unknown or came to another browser', async () => {
      const abroad = await cancelled(new Browser(app), '/openid/authentication?returnTo=//evil.example/steal&lang=fr');
      expect(shown(abroad.body)).toMatchObject({ lang: 'fr', back: ['/', 'Retour à la page d’accueil'] });

      const unknown = await new Browser(app).call('GET', '/openid/callback?state=unknown', { 'accept-language': 'fr-CH' });
      expect(unknown.statusCode).toBe(400);
      expect(shown(unknown.body)).toMatchObject({ lang: 'fr', heading: 'Échec de la connexion', back: ['/', 'Retour à la page d’accueil'] });

      const victim = new Browser(app);
      const callback = await victim.signInAtProvider('/openid/authentication?returnTo=%2Fevent%2Fmeetup%2Freservation%2Fsecret%2Fsuccess&lang=de', 'ada@example.org', 'lovelace');
      const other = new Browser(app);
      await other.session();
      const refused = await other.deliver(callback);
      expect(refused.body).toContain('login.other-browser');
      expect(shown(refused.body)).toMatchObject({ lang: 'en', back: ['/', 'Back to the home page'] });
    });
  });

  it('logs out: the session is anonymous again, the browser goes to the provider\'s end-session page', async () => {
    const browser = new Browser(app);
    await browser.deliver(await browser.signInAtProvider('/openid/authentication', 'ada@example.org', 'lovelace'));
    expect((await browser.me()).statusCode).toBe(200);

    const out = await browser.logout();
    expect(out.statusCode).toBe(200);
    const target = new URL(out.json<{ targetUrl: string; empty: boolean }>().targetUrl);
    expect(out.json()).toMatchObject({ empty: false });
    expect(`${target.origin}${target.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${BASE}/`);
    expect((await browser.me()).statusCode).toBe(204);
    // the provider accepts that end-session request (its confirmation page)
    expect((await browser.visit(target.href)).status).toBe(200);
    // nothing left to end
    expect((await browser.logout()).json()).toEqual({ targetUrl: '/', empty: false });
  });

  it('sends a visitor to a reservation through the login first (reference 57), straight there once signed in', async () => {
    const browser = new Browser(app);
    const path = '/openid/event/meetup/reservation/8c1f0c52-4d4e-4f57-9f0a-3c2b1a0e9d8c';
    const callback = await browser.signInAtProvider(path, 'grace@example.org', 'hopper');
    expect(continuesTo((await browser.deliver(callback)).body)).toBe('/event/meetup/reservation/8c1f0c52-4d4e-4f57-9f0a-3c2b1a0e9d8c');
    const direct = await browser.call('GET', path);
    expect(direct.statusCode).toBe(302);
    expect(direct.headers.location).toBe('/event/meetup/reservation/8c1f0c52-4d4e-4f57-9f0a-3c2b1a0e9d8c');
    // a type outside event|subscription names no address: 400, as any path value outside its set (reference 1.3)
    expect((await browser.call('GET', '/openid/ticket/x/reservation/y')).statusCode).toBe(400);
  });

  it('never goes back to another site after the login', async () => {
    const browser = new Browser(app);
    const callback = await browser.signInAtProvider('/openid/authentication?returnTo=//evil.example/steal', 'ada@example.org', 'lovelace');
    const answer = await browser.deliver(callback);
    expect(continuesTo(answer.body)).toBe('/');
    // Ada was registered by an earlier test: this login is no sign-up
    expect(([] as string[]).concat(answer.headers['set-cookie'] ?? []).some((c) => c.startsWith('ALFIO_SIGNED_UP='))).toBe(false);
  });

  it('works across two API processes on one database and survives a restart', async () => {
    const second = await startTestApp(loginEnv(provider.issuer), { database: app.database });
    try {
      // started on the first, answered by the second
      const browser = new Browser(app);
      const callback = await browser.signInAtProvider('/openid/authentication', 'grace@example.org', 'hopper');
      const onSecond = new Browser(second);
      for (const name of ['ALFIO_SESSION', 'ALFIO_LOGIN']) onSecond.app.set(name, browser.app.get(name)!);
      expect((await onSecond.deliver(callback)).statusCode).toBe(200);
      expect((await onSecond.me()).json()).toMatchObject({ emailAddress: 'grace@example.org' });
      await second.close({ keepDatabase: true });

      // seen by the first, and by a process started afterwards on the same database
      const signedIn = onSecond.app.get('ALFIO_SESSION')!;
      const fresh = new Browser(app);
      fresh.app.set('ALFIO_SESSION', signedIn);
      expect((await fresh.me()).json()).toMatchObject({ emailAddress: 'grace@example.org' });
      const restarted = await startTestApp(loginEnv(provider.issuer), { database: app.database });
      try {
        const later = new Browser(restarted);
        later.app.set('ALFIO_SESSION', signedIn);
        expect((await later.me()).json()).toMatchObject({ emailAddress: 'grace@example.org' });
        await later.logout();
        expect((await fresh.me()).statusCode).toBe(204);
      } finally {
        await restarted.close({ keepDatabase: true });
      }
    } finally {
      if (second.app) await second.close({ keepDatabase: true }).catch(() => undefined);
    }
  });
});

describe('ID tokens the app must not accept', () => {
  let provider: LocalOpenIdProvider;
  let proxy: Awaited<ReturnType<typeof startTokenProxy>>;
  let app: TestApp;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const key: JWK = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'provider-key' };
    let upstream = '';
    proxy = await startTokenProxy(() => upstream, key);
    provider = await startLocalOpenIdProvider({ clients: [CLIENT], issuer: proxy.url, signingKeys: [key] });
    upstream = provider.url;
    app = await startTestApp(loginEnv(proxy.url));
  });
  afterAll(async () => {
    await app?.close();
    await provider?.stop();
    await proxy?.stop();
  });

  const attempt = async () => {
    const browser = new Browser(app);
    const answer = await browser.deliver(await browser.signInAtProvider('/openid/authentication', 'ada@example.org', 'lovelace'));
    return { answer, me: await browser.me() };
  };

  it('accepts the provider\'s own token through the same path (the proxy alone changes nothing)', async () => {
    proxy.tamper = 'none';
    const { answer, me } = await attempt();
    expect(answer.statusCode).toBe(200);
    expect(me.statusCode).toBe(200);
  });

  it.each(['other-key', 'expired', 'other-audience', 'other-nonce', 'other-issuer'] as const)('refuses an ID token with %s, and signs nobody in', async (tamper) => {
    proxy.tamper = tamper;
    const { answer, me } = await attempt();
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('login.not-verified');
    expect(me.statusCode).toBe(204);
  });
});

describe('a provider that cannot be reached', () => {
  let app: TestApp;
  beforeAll(async () => {
    // a port nothing listens on: discovery fails, as when the provider is down
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    app = await startTestApp(loginEnv(`http://127.0.0.1:${port}`));
  });
  afterAll(() => app?.close());

  it('answers 502 with a page in the login\'s language, else the visitor\'s, that links home', async () => {
    const italian = await app.inject({ method: 'GET', url: '/openid/authentication?returnTo=/events-all&lang=it', headers: { 'accept-language': 'de' } });
    expect(italian.statusCode).toBe(502);
    expect(italian.body).toMatch(/<html lang="it">/);
    expect(italian.body).toContain('<h1>Accesso non disponibile</h1><p role="alert">Il fornitore di identità non è raggiungibile. Riprova più tardi.</p><p><a href="/">Torna alla pagina iniziale</a></p>');
    const german = await app.inject({ method: 'GET', url: '/openid/event/meetup/reservation/r1', headers: { 'accept-language': 'de-CH, en;q=0.5' } });
    expect(german.statusCode).toBe(502);
    expect(german.body).toMatch(/<html lang="de">[\s\S]*<h1>Anmeldung nicht verfügbar<\/h1>/);
  });
});

describe('login off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('answers false, 404 on the login routes, 204 on /user/me, the reservation straight away', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/user/authentication-enabled' })).body).toBe('false');
    expect((await app.inject({ method: 'GET', url: '/openid/authentication' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/openid/callback?code=x&state=y' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v2/public/user/me' })).statusCode).toBe(204);
    const reservation = await app.inject({ method: 'GET', url: '/openid/subscription/abc/reservation/def' });
    expect(reservation.statusCode).toBe(302);
    expect(reservation.headers.location).toBe('/subscription/abc/reservation/def');
  });
});

describe('logins started from one address', () => {
  let provider: LocalOpenIdProvider;
  let app: TestApp;
  beforeAll(async () => {
    provider = await startLocalOpenIdProvider({ clients: [CLIENT] });
    app = await startTestApp({ ...loginEnv(provider.issuer), RATE_LIMITS: 'login=3:3' });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('are limited: each keeps a login attempt, a script must not pile them up', async () => {
    const start = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    const answers = [await start('/openid/authentication'), await start('/openid/authentication'), await start('/openid/event/meetup/reservation/r1'), await start('/openid/authentication')];
    expect(answers.map((a) => a.statusCode)).toEqual([302, 302, 302, 429]);
    // the provider's answer is not limited by it (a login under way still completes)
    expect((await app.inject({ method: 'GET', url: '/openid/callback?state=x', remoteAddress: '203.0.113.9' })).statusCode).toBe(400);
  });
});
