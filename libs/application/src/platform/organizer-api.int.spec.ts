import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

// The example catalog without its image (the API takes images as data: URIs, the CLI from files).
function exampleCatalog(): Record<string, unknown> {
  const document = parse(readFileSync('tools/catalog/example.catalog.yaml', 'utf8')) as { events?: Record<string, unknown>[] };
  for (const event of document.events ?? []) delete event['image'];
  return document as Record<string, unknown>;
}

describe('the organizer API in the composed app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ORGANIZER_API_KEYS: 'lakeside:k-3f9a1c2e7b5d8e0f4a6c' });
  });
  afterAll(() => app.close());

  it('refuses a call without an API key with 401', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v2/organizer/catalog/validate', payload: exampleCatalog() });
    expect(response.statusCode).toBe(401);
  });

  it('needs no anti-forgery token (no browser session) and imports idempotently', async () => {
    const headers = { authorization: 'ApiKey k-3f9a1c2e7b5d8e0f4a6c' };
    const first = await app.inject({ method: 'PUT', url: '/api/v2/organizer/catalog', headers, payload: exampleCatalog() });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({ method: 'PUT', url: '/api/v2/organizer/catalog', headers, payload: exampleCatalog() });
    expect(again.statusCode).toBe(200);
    expect(first.json().value.eventsAppended).toBeGreaterThan(0);
    expect(again.json().value).toMatchObject({ ok: true, eventsAppended: 0 });
    expect(again.json().value.streams.every((s: { outcome: string }) => s.outcome === 'unchanged')).toBe(true);
  });
});
