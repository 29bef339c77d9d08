import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { bundleQueryOptions, infoQueryOptions, languagesQueryOptions } from '../api/app-queries';
import { eventQueryOptions, ticketCategoriesQueryOptions } from '../api/catalog-queries';
import { makeEvent, makeItems } from '../test/catalog-fixtures';
import { makeInfo } from '../test/test-context';
import { preloadedOpenIdEnabled, seedQueryCache } from './preloaded-data';

function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'preloaded-data';
  script.textContent = json;
  doc.head.appendChild(script);
  return doc;
}

describe('preloaded data', () => {
  const info = makeInfo({ devModeEnabled: true });
  const languages = [{ locale: 'en', displayLanguage: 'English' }, { locale: 'de', displayLanguage: 'Deutsch' }];
  // The paths the server names the answers by (libs/application storefront/render-shell.ts, preloadedPaths).
  const answers = {
    '/api/v2/info': info,
    '/api/v2/public/i18n/languages': languages,
    '/api/v2/public/i18n/bundle/de': { 'common.or': 'oder' },
  };

  it("seeds each answer under its call's query key, in the client response shape, and hands back the info", () => {
    const queryClient = new QueryClient();
    expect(seedQueryCache(queryClient, page(JSON.stringify(answers)))).toEqual(info);

    expect(queryClient.getQueryData(infoQueryOptions().queryKey)).toMatchObject({ data: info, status: 200 });
    expect(queryClient.getQueryData(languagesQueryOptions().queryKey)).toMatchObject({ data: languages });
    expect(queryClient.getQueryData(bundleQueryOptions('de').queryKey)).toMatchObject({ data: { 'common.or': 'oder' } });
    expect(queryClient.getQueryData(bundleQueryOptions('en').queryKey)).toBeUndefined();
  });

  it("seeds an event route's event and the event page's categories (those without a code) under their query keys", async () => {
    const event = makeEvent('milanodev-conf-2027', { langs: ['it', 'en'] });
    const items = makeItems();
    const queryClient = new QueryClient();
    seedQueryCache(
      queryClient,
      page(JSON.stringify({ ...answers, '/api/v2/public/event/milanodev-conf-2027': event, '/api/v2/public/event/milanodev-conf-2027/ticket-categories': items })),
    );

    expect(queryClient.getQueryData(eventQueryOptions('milanodev-conf-2027').queryKey)).toMatchObject({ data: event, status: 200 });
    expect(queryClient.getQueryData(ticketCategoriesQueryOptions('milanodev-conf-2027').queryKey)).toMatchObject({ data: items, status: 200 });
    // fresh: the page's loader (fetchQuery) takes them instead of asking (the categories stay fresh 10 s, spec 9)
    const fetch = vi.fn(() => Promise.reject(new Error('no call expected')));
    vi.stubGlobal('fetch', fetch);
    await expect(queryClient.fetchQuery(ticketCategoriesQueryOptions('milanodev-conf-2027'))).resolves.toMatchObject({ data: items });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    expect(queryClient.getQueryData(ticketCategoriesQueryOptions('milanodev-conf-2027', 'VIP').queryKey)).toBeUndefined();
  });

  it('seeds nothing from a page without data or with broken data, and does not throw', () => {
    for (const doc of [document.implementation.createHTMLDocument('empty'), page('{not json'), page('')]) {
      const queryClient = new QueryClient();
      expect(seedQueryCache(queryClient, doc)).toBeUndefined();
      expect(queryClient.getQueryCache().getAll()).toEqual([]);
    }
  });

  it('reads whether visitors can sign in from its meta element, undefined without one', () => {
    const withMeta = (content: string) => {
      const doc = document.implementation.createHTMLDocument('t');
      doc.head.innerHTML = `<meta name="Alfio-OpenId-Enabled" content="${content}">`;
      return doc;
    };
    expect(preloadedOpenIdEnabled(withMeta('true'))).toBe(true);
    expect(preloadedOpenIdEnabled(withMeta('false'))).toBe(false);
    expect(preloadedOpenIdEnabled(document.implementation.createHTMLDocument('empty'))).toBeUndefined();
  });
});
