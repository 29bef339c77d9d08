import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { APP_PIPE, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc, ZodValidationPipe } from 'nestjs-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore, type GlobalPosition } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { parseCatalogText } from './catalog-file/parse-catalog-file.js';
import { OrganizerApiModule } from './organizer-api.module.js';

const LAKESIDE_KEY = 'lakeside-key-0123456789abcdef';
const HARBOUR_KEY = 'harbour-key-0123456789abcdef';
const exampleUrl = new URL('../../../../../tools/catalog/example.catalog.yaml', import.meta.url);
const svg = readFileSync(new URL('../../../../../tools/catalog/example-images/devday.svg', import.meta.url));

/** The example catalog as an API client sends it: JSON, the image inline. */
function document() {
  const parsed = parseCatalogText(readFileSync(fileURLToPath(exampleUrl), 'utf8'), 'yaml');
  if (!parsed.ok) throw new Error('the example must parse');
  const file = structuredClone(parsed.file);
  file.events[0]!.image = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  return file;
}

describe('organizer catalog API', () => {
  let test: TestDatabase;
  let store: EventStore;
  let app: NestFastifyApplication;
  let waited: GlobalPosition[] = [];

  beforeAll(async () => {
    test = await createTestDatabase('organizer_api');
    await migrate(test.db, eventStoreMigrations);
    store = createEventStore({ db: test.db });
    @Module({
      imports: [
        OrganizerApiModule.registerAsync({
          useFactory: () => ({
            store,
            waitForProjections: async (position) => void waited.push(position),
            apiKeys: `lakeside:${LAKESIDE_KEY}, harbour:${HARBOUR_KEY}`,
          }),
        }),
      ],
      // As in the real app: the global zod pipe must leave the catalog body to the controller.
      providers: [
        { provide: APP_PIPE, useClass: ZodValidationPipe },
      ],
    })
    class TestAppModule {}
    app = await NestFactory.create<NestFastifyApplication>(TestAppModule, new FastifyAdapter({ bodyLimit: 1_048_576 }), { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    await test.drop();
  });
  beforeEach(async () => {
    await test.db.query('truncate events, streams cascade');
    waited = [];
  });

  const put = (body: unknown, authorization?: string) =>
    app.inject({ method: 'PUT', url: '/api/v2/organizer/catalog', payload: body as object, headers: authorization ? { authorization } : {} });
  const validate = (body: unknown, authorization?: string) =>
    app.inject({ method: 'POST', url: '/api/v2/organizer/catalog/validate', payload: body as object, headers: authorization ? { authorization } : {} });

  it('answers 401 without a key, with an unknown key or another scheme', async () => {
    for (const authorization of [undefined, 'ApiKey wrong-key-0123456789abcdef', `Bearer ${LAKESIDE_KEY}`, `ApiKey ${LAKESIDE_KEY}x`, 'ApiKey']) {
      const response = await put(document(), authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('ApiKey');
    }
    expect((await validate(document())).statusCode).toBe(401);
    expect(await store.readAll()).toEqual([]);
  });

  it("imports with the organizer's own key, then finds nothing to change", async () => {
    const first = await put(document(), `ApiKey ${LAKESIDE_KEY}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, errorCount: 0, value: { ok: true, applied: true } });
    expect(body.value.streams.map((s: { outcome: string }) => s.outcome)).toEqual(['created', 'created', 'created', 'created']);
    const all = await store.readAll();
    expect(body.value.eventsAppended).toBe(all.length);
    expect(all[0]!.metadata.actor).toBe('organizer:lakeside');
    expect(waited).toEqual([all.at(-1)!.position]);

    const again = await put(document(), `apikey ${LAKESIDE_KEY}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ ok: true, eventsAppended: 0, written: [] });
  });

  it("answers 403 to another organizer's data, naming each foreign entry", async () => {
    const response = await put(document(), `ApiKey ${HARBOUR_KEY}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().validationErrors).toEqual([
      { fieldName: 'organizers[0].slug', code: 'error.catalog.forbiddenOrganizer', arguments: { '0': 'lakeside' } },
      { fieldName: 'events[0].organizer', code: 'error.catalog.forbiddenOrganizer', arguments: { '0': 'lakeside' } },
      { fieldName: 'subscriptions[0].organizer', code: 'error.catalog.forbiddenOrganizer', arguments: { '0': 'lakeside' } },
    ]);
    expect(await store.readAll()).toEqual([]);
  });

  it("answers 403 to a short name that another organizer already owns", async () => {
    await put(document(), `ApiKey ${LAKESIDE_KEY}`);
    const before = await store.headPosition();
    const hijack = document();
    hijack.organizers[0]!.slug = 'harbour';
    hijack.events[0]!.organizer = 'harbour';
    hijack.subscriptions = [];
    const response = await put(hijack, `ApiKey ${HARBOUR_KEY}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().validationErrors).toContainEqual(expect.objectContaining({ fieldName: 'events[0].organizer', code: 'error.catalog.ownedByAnotherOrganizer' }));
    expect(await store.readAll({ after: before })).toEqual([]);
  });

  it('answers 422 to an invalid document, with every error by path, and imports nothing', async () => {
    const invalid = document() as unknown as { events: { categories: { price: number }[]; promoCodes: { discountAmount: number }[] }[] };
    invalid.events[0]!.categories[0]!.price = -100;
    const schema = await put(invalid, `ApiKey ${LAKESIDE_KEY}`);
    expect(schema.statusCode).toBe(422);
    expect(schema.json()).toMatchObject({
      success: false,
      validationErrors: [{ fieldName: 'events[0].categories[0].price', code: 'error.catalog.negative' }],
      value: { errors: [{ path: 'events[0].categories[0].price', message: 'must be >= 0' }] },
    });

    const rules = document();
    rules.events[0]!.promoCodes[0]!.discountAmount = 150;
    rules.events[0]!.image = 'example-images/devday.svg';
    const domain = await put(rules, `ApiKey ${LAKESIDE_KEY}`);
    expect(domain.statusCode).toBe(422);
    expect(domain.json().validationErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fieldName: 'events[0].image', code: 'error.catalog.unreadableFile' }),
        expect.objectContaining({ fieldName: 'events[0].promoCodes[0].discountAmount', code: 'error.catalog.percentageOutOfRange' }),
      ]),
    );
    expect(await store.readAll()).toEqual([]);
  });

  it('validates without importing', async () => {
    const response = await validate(document(), `ApiKey ${LAKESIDE_KEY}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({ ok: true, applied: false, written: [] });
    expect(response.json().value.eventsAppended).toBeGreaterThan(0);
    expect(await store.readAll()).toEqual([]);
  });

  it('is described in OpenAPI under its own tag with explicit operation ids', () => {
    const config = new DocumentBuilder().setOpenAPIVersion('3.1.0').build();
    const doc = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config, { operationIdFactory: (_c, method) => method }), { version: '3.1' });
    const put = doc.paths['/api/v2/organizer/catalog']?.put;
    const post = doc.paths['/api/v2/organizer/catalog/validate']?.post;
    expect([put?.operationId, post?.operationId]).toEqual(['importCatalog', 'validateCatalog']);
    expect(put?.tags).toEqual(['organizer']);
    expect(Object.keys(put?.responses ?? {}).sort()).toEqual(['200', '401', '403', '409', '422']);
    expect(put?.requestBody).toBeDefined();
    expect(put?.security).toEqual([{ organizerApiKey: [] }]);
  });
});
