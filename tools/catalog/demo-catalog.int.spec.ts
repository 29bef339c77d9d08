import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIds } from '@ticketing/kernel';
// The demo catalog, imported the way `npm start` does it.
import { runCatalogCli } from './run-catalog-cli.js';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

/** Every read of every event and subscription of the demo catalog answers, in its shape (the serializer checks it). */
describe('the public reads over the demo catalog', () => {
  let app: TestApp;
  let output = '';
  beforeAll(async () => {
    app = await startTestApp();
    const runner = app.runner;
    const code = await runCatalogCli(['import', 'tools/catalog/demo/demo.catalog.yaml'], {
      store: app.store,
      out: { write: (text) => (output += text) },
      clock: { now: () => new Date() },
      ids: randomIds,
      waitForProjections: (position) => runner.waitFor(position, 30_000),
    });
    expect(code, output).toBe(0);
  });
  afterAll(() => app.close());

  it('answers every event, its categories, codes-free view and calendars', async () => {
    const events = (await app.inject({ method: 'GET', url: '/api/v2/public/events' })).json() as { shortName: string; contentLanguages: { locale: string }[] }[];
    expect(events.length).toBeGreaterThan(0);
    for (const { shortName, contentLanguages } of events) {
      for (const path of ['', '/ticket-categories', `/calendar/${contentLanguages[0]!.locale}`]) {
        const response = await app.inject({ method: 'GET', url: `/api/v2/public/event/${shortName}${path}` });
        expect(response.statusCode, `${shortName}${path}`).toBe(200);
      }
      const google = await app.inject({ method: 'GET', url: `/api/v2/public/event/${shortName}/calendar/en?type=google` });
      expect(google.statusCode).toBe(302);
    }
  });

  it('serves the images the events and subscriptions name', async () => {
    const events = (await app.inject({ method: 'GET', url: '/api/v2/public/events' })).json() as { fileBlobId: string | null }[];
    const subscriptions = (await app.inject({ method: 'GET', url: '/api/v2/public/subscriptions' })).json() as { id: string; fileBlobId: string | null }[];
    const images = [...events, ...subscriptions].map((x) => x.fileBlobId).filter((id): id is string => id !== null);
    for (const id of new Set(images)) {
      const response = await app.inject({ method: 'GET', url: `/file/${id}` });
      expect(response.statusCode, id).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^image\//);
    }
    for (const { id } of subscriptions) expect((await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${id}` })).statusCode).toBe(200);
  });
});
