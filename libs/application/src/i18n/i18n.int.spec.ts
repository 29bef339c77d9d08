import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

describe('i18n endpoints', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url: `/api/v2/public/i18n${url}` });

  it.each(['/languages', '/bundle/en', '/countries/it', '/countries-vat/de', '/eu-countries-vat/fr'])(
    'lets the browser keep %s for an hour but never a shared cache: a first call carries a new session',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-auth-token']).toBeTruthy();
      expect(response.headers['xsrf-token']).toBeTruthy();
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
    },
  );

  it('lists the languages, each named in itself', async () => {
    const response = await get('/languages');
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { locale: 'en', displayLanguage: 'English' },
        { locale: 'it', displayLanguage: 'Italiano' },
        { locale: 'de', displayLanguage: 'Deutsch' },
        { locale: 'fr', displayLanguage: 'Français' },
      ]),
    );
  });

  it.each([
    ['en', 'or'],
    ['it', 'o'],
    ['de', 'oder'],
    ['fr', 'ou'],
    ['IT', 'o'],
    ['xx', 'or'],
  ])('serves the %s bundle (common.or = %s), unknown languages in English', async (lang, or) => {
    const response = await get(`/bundle/${lang}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()['common.or']).toBe(or);
  });

  it('writes placeholders ngx-translate style', async () => {
    const bundle = (await get('/bundle/en?withSystemOverride=false')).json() as Record<string, string>;
    expect(Object.values(bundle).some((m) => m.includes('{{0}}'))).toBe(true);
    expect(Object.values(bundle).some((m) => /(?<!\{)\{0\}(?!\})/.test(m))).toBe(false);
  });

  it('answers a malformed language or flag with 422 naming the parameter', async () => {
    const badLang = await get('/bundle/%3Cscript%3E');
    expect(badLang.statusCode).toBe(422);
    expect(badLang.json().validationErrors[0].fieldName).toBe('lang');
    const badFlag = await get('/bundle/en?withSystemOverride=maybe');
    expect(badFlag.statusCode).toBe(422);
    expect(badFlag.json().validationErrors[0]).toMatchObject({ fieldName: 'withSystemOverride', code: 'error.restrictedValue' });
  });

  it('names countries in the language, sorted, with Greece as EL for VAT', async () => {
    const italian = (await get('/countries/it')).json() as { isoCode: string; name: string }[];
    expect(italian.find((c) => c.isoCode === 'CH')?.name).toBe('Svizzera');
    expect(italian.length).toBe(249);
    const vat = (await get('/countries-vat/de')).json() as { isoCode: string }[];
    expect(vat.some((c) => c.isoCode === 'EL')).toBe(true);
    expect(vat.some((c) => c.isoCode === 'GR')).toBe(false);
    const eu = (await get('/eu-countries-vat/fr')).json() as { isoCode: string }[];
    expect(eu).toHaveLength(27);
  });
});
