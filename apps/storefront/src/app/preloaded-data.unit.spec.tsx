import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { bundleQueryOptions, infoQueryOptions, languagesQueryOptions } from '../api/app-queries';
import { eventQueryOptions } from '../api/catalog-queries';
import { makeEvent } from '../test/catalog-fixtures';
import { makeInfo } from '../test/test-context';
import { readPreloadedData, seedQueryCache } from './preloaded-data';

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
  const payload = {
    info,
    lang: 'de',
    bundle: { 'common.or': 'oder' },
    languages: [{ locale: 'en', displayLanguage: 'English' }, { locale: 'de', displayLanguage: 'Deutsch' }],
  };

  it('reads info, lang, bundle and languages from the JSON script', () => {
    expect(readPreloadedData(page(JSON.stringify(payload)))).toEqual(payload);
  });

  it('ignores a missing, malformed or partly wrong payload', () => {
    expect(readPreloadedData(document.implementation.createHTMLDocument('empty'))).toEqual({});
    expect(readPreloadedData(page('{not json'))).toEqual({});
    expect(readPreloadedData(page(JSON.stringify({ ...payload, info: 'x', bundle: { a: 1 }, languages: [{}] })))).toEqual({
      lang: 'de',
    });
  });

  it('seeds the query cache under the generated query keys, in the client response shape', () => {
    const queryClient = new QueryClient();
    seedQueryCache(queryClient, readPreloadedData(page(JSON.stringify(payload))));

    expect(queryClient.getQueryData(infoQueryOptions().queryKey)).toMatchObject({ data: info, status: 200 });
    expect(queryClient.getQueryData(languagesQueryOptions().queryKey)).toMatchObject({ data: payload.languages });
    expect(queryClient.getQueryData(bundleQueryOptions('de').queryKey)).toMatchObject({ data: { 'common.or': 'oder' } });
    expect(queryClient.getQueryData(bundleQueryOptions('en').queryKey)).toBeUndefined();
  });

  it('reads the event of an event route and seeds it under the event query key', () => {
    const event = makeEvent('milanodev-conf-2027', { langs: ['it', 'en'] });
    const data = readPreloadedData(page(JSON.stringify({ ...payload, event })));
    expect(data.event).toEqual(event);

    const queryClient = new QueryClient();
    seedQueryCache(queryClient, data);
    expect(queryClient.getQueryData(eventQueryOptions('milanodev-conf-2027').queryKey)).toMatchObject({ data: event, status: 200 });
  });

  it('ignores an event without a short name or content languages', () => {
    expect(readPreloadedData(page(JSON.stringify({ event: { title: {} } }))).event).toBeUndefined();
    expect(readPreloadedData(page(JSON.stringify({ event: { shortName: 'x', title: {}, contentLanguages: [{}] } }))).event).toBeUndefined();
  });
});
