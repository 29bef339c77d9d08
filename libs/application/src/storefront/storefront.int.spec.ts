import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const built = existsSync('dist/storefront/index.html');
if (!built) console.log('skipping storefront serving tests: dist/storefront is not built (npm run build)');

describe.skipIf(!built)('the storefront on the API port', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ORGANIZER_API_KEYS: 'lakeside:k-3f9a1c2e7b5d8e0f4a6c' });
    const catalog = parse(readFileSync('tools/catalog/example.catalog.yaml', 'utf8')) as { events?: Record<string, unknown>[] };
    for (const event of catalog.events ?? []) delete event['image'];
    // Dev Day on sale now (its sales open in 2030), for a hold that changes what its categories say
    const onSale = JSON.parse(JSON.stringify(catalog.events!.find((e) => e['shortName'] === 'devday-2030'))) as { shortName: string; categories: { sale?: { start: string } }[] };
    onSale.shortName = 'devday-on-sale';
    for (const category of onSale.categories) if (category.sale) category.sale.start = '2026-01-01T00:00';
    catalog.events!.push(onSale);
    const imported = await app.inject({ method: 'PUT', url: '/api/v2/organizer/catalog', headers: { authorization: 'ApiKey k-3f9a1c2e7b5d8e0f4a6c' }, payload: catalog });
    expect(imported.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it.each(['/', '/o/acme', '/events-all', '/o/acme/subscriptions-all', '/subscription/42', '/event/summer-fest', '/event/summer-fest/reservation/abc/book', '/event/x/ticket/t/view', '/event/x/ticket/t/update', '/event/x/ticket/t/check-in/c0de/waiting-room', '/event/x/poll', '/event/x/poll/3', '/my-orders', '/my-profile'])(
    'answers %s with the shell, its data preloaded',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'it-IT,it;q=0.9' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      const json = response.body.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)?.[1];
      const data = JSON.parse(json!);
      expect(response.body).toContain('<html lang="it"');
      expect(data['/api/v2/public/i18n/bundle/it']['common.or']).toBe('o');
      expect(data['/api/v2/info'].devModeEnabled).toBe(true);
      expect(data['/api/v2/public/i18n/languages'].map((l: { locale: string }) => l.locale)).toContain('it');
      expect(response.body).toMatch(/<meta name="GID" content="[A-Za-z0-9_-]{43}">/);
      // no OpenID provider configured: what the header of every API GET says too
      expect(response.body).toContain('<meta name="Alfio-OpenId-Enabled" content="false">');
    },
  );

  it("sends a reservation page under another event's or a pass's address to not-found, where it would show that one's prices", async () => {
    const headers = await app.session();
    const [category] = (await app.inject({ method: 'GET', url: '/api/v2/public/event/devday-on-sale/ticket-categories' })).json().ticketCategories as { id: number }[];
    const reserved = await app.inject({ method: 'POST', url: '/api/v2/public/event/devday-on-sale/reserve-tickets?lang=en', headers, payload: { reservation: [{ ticketCategoryId: category!.id, amount: 1 }] } });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const id = reserved.json().value as string;
    const page = (url: string) => app.inject({ method: 'GET', url });
    expect((await page(`/event/devday-on-sale/reservation/${id}/book`)).statusCode).toBe(200);
    const elsewhere = await page(`/event/summer-fest/reservation/${id}/success?lang=de`);
    expect([elsewhere.statusCode, elsewhere.headers.location]).toEqual([302, `/event/summer-fest/reservation/${id}/not-found`]);
    const underPass = await page(`/subscription/5f1c2a9e-0d7b-4c3e-9a8f-1b2c3d4e5f60/reservation/${id}/book`);
    expect([underPass.statusCode, underPass.headers.location]).toEqual([302, `/subscription/5f1c2a9e-0d7b-4c3e-9a8f-1b2c3d4e5f60/reservation/${id}/not-found`]);
    // the not-found page itself, and an id that is no reservation, are the shell (the page says not found)
    expect((await page(`/event/summer-fest/reservation/${id}/not-found`)).statusCode).toBe(200);
    expect((await page(`/event/summer-fest/reservation/6b000000-0000-4000-8000-0000000000aa/success`)).statusCode).toBe(200);
  });

  it('sets the session cookie once and the anti-forgery cookie once on a first visit', async () => {
    const response = await app.inject({ method: 'GET', url: '/event/devday-2030' });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]);
    expect(cookies.sort()).toEqual(['ALFIO_SESSION', 'XSRF-TOKEN']);
  });

  it('marks the first page after a sign-up once (data-signed-up on the root) and clears the login\'s cookie', async () => {
    const marked = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'ALFIO_SIGNED_UP=1' } });
    expect(marked.body).toContain('<div id="root" data-signed-up>');
    const cleared = ([] as string[]).concat(marked.headers['set-cookie'] ?? []).find((c) => c.startsWith('ALFIO_SIGNED_UP='));
    expect(cleared).toMatch(/^ALFIO_SIGNED_UP=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.body).toContain('<div id="root"></div>');
    expect(([] as string[]).concat(plain.headers['set-cookie'] ?? []).some((c) => c.startsWith('ALFIO_SIGNED_UP='))).toBe(false);
  });

  const preloaded = (body: string) => JSON.parse(body.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)![1]!) as Record<string, unknown>;

  it("speaks one of the event's languages on its pages, with that bundle: not the asked one when the event has no content in it", async () => {
    const page = await app.inject({ method: 'GET', url: '/event/devday-2030?lang=de', headers: { 'accept-language': 'fr, it;q=0.5' } });
    expect(page.body).toContain('<html lang="it"');
    expect(Object.keys(preloaded(page.body))).toContain('/api/v2/public/i18n/bundle/it');
    const english = await app.inject({ method: 'GET', url: '/event/devday-2030/reservation/abc/book', headers: { 'accept-language': 'de' } });
    expect(english.body).toContain('<html lang="en"');
    // a page that shows no event keeps the asked language
    expect((await app.inject({ method: 'GET', url: '/events-all?lang=de' })).body).toContain('<html lang="de"');
  });

  it('preloads the event on event routes, as the event endpoint answers it', async () => {
    const page = await app.inject({ method: 'GET', url: '/event/devday-2030/reservation/abc/book' });
    const api = await app.inject({ method: 'GET', url: '/api/v2/public/event/devday-2030' });
    expect(api.statusCode).toBe(200);
    expect(preloaded(page.body)['/api/v2/public/event/devday-2030']).toEqual(api.json());
    // the categories only on the event page itself
    expect(preloaded(page.body)['/api/v2/public/event/devday-2030/ticket-categories']).toBeUndefined();
    const unknown = await app.inject({ method: 'GET', url: '/event/no-such-event' });
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(preloaded(unknown.body)).filter((path) => path.startsWith('/api/v2/public/event/'))).toEqual([]);
  });

  it('preloads the categories on the event page, as the ticket-categories call answers it without a code, read per page', async () => {
    const categories = async () => (await app.inject({ method: 'GET', url: '/api/v2/public/event/devday-on-sale/ticket-categories' })).json();
    const page = await app.inject({ method: 'GET', url: '/event/devday-on-sale' });
    expect(page.headers['cache-control']).toBe('no-store');
    const data = preloaded(page.body);
    expect(data['/api/v2/public/event/devday-on-sale']).toBeDefined();
    expect(data['/api/v2/public/event/devday-on-sale/ticket-categories']).toEqual(await categories());
    // a blank code is no code for the page either
    expect(preloaded((await app.inject({ method: 'GET', url: '/event/devday-on-sale?code=%20' })).body)['/api/v2/public/event/devday-on-sale/ticket-categories']).toEqual(await categories());

    // a seat held since: the next page says what the call says now
    type Category = { id: number; maximumSaleableTickets: number; expired: boolean; saleInFuture: boolean; saleableAndLimitNotReached: boolean };
    const before = (await categories()) as { ticketCategories: Category[] };
    const category = before.ticketCategories.find((c) => c.maximumSaleableTickets > 0 && !c.expired && !c.saleInFuture && c.saleableAndLimitNotReached)!;
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/v2/public/event/devday-on-sale/reserve-tickets?lang=en',
      headers: { ...(await app.session()), 'content-type': 'application/json' },
      payload: { reservation: [{ ticketCategoryId: category.id, amount: 1 }] },
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const after = preloaded((await app.inject({ method: 'GET', url: '/event/devday-on-sale' })).body)['/api/v2/public/event/devday-on-sale/ticket-categories'];
    expect(after).not.toEqual(before);
    expect(after).toEqual(await categories());

    // with a code the page asks for them itself, with the code it has checked
    const withCode = preloaded((await app.inject({ method: 'GET', url: '/event/devday-on-sale?code=VIP' })).body);
    expect(withCode['/api/v2/public/event/devday-on-sale']).toBeDefined();
    expect(withCode['/api/v2/public/event/devday-on-sale/ticket-categories']).toBeUndefined();
  });

  it("sends a ticket's bare address to its view page, keeping the query", async () => {
    const response = await app.inject({ method: 'GET', url: '/event/x-2030/ticket/5b2c1d3e?lang=de' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/event/x-2030/ticket/5b2c1d3e/view?lang=de');
  });

  it('prefers the lang query over the browser language', async () => {
    const response = await app.inject({ method: 'GET', url: '/?lang=fr', headers: { 'accept-language': 'de' } });
    expect(response.body).toContain('<html lang="fr"');
  });

  it('serves hashed assets with long caching and keeps unknown pages 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const asset = page.body.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const response = await app.inject({ method: 'GET', url: asset });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/wp-admin/setup.php' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
  });
});
