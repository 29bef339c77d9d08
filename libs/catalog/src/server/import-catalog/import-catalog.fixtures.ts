import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { ManualClock, randomIds } from '@ticketing/kernel';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { parseCatalogText } from './catalog-file/parse-catalog-file.js';
import { fileSystemImages } from './image-loader.js';
import { ImportCatalogService } from './import-catalog.service.js';

const examplePath = fileURLToPath(new URL('../../../../../tools/catalog/example.catalog.yaml', import.meta.url));

/** How the import specs import: as a test actor, the example's images from its folder. */
export const importOptions = { actor: 'system:test', images: fileSystemImages(dirname(examplePath)) };

/** tools/catalog/example.catalog.yaml, parsed, a copy each call (specs change it). */
export function exampleCatalog(): CatalogFile {
  const result = parseCatalogText(readFileSync(examplePath, 'utf8'), 'yaml');
  if (!result.ok) throw new Error('the example must parse');
  return structuredClone(result.file);
}

/**
 * An import service on an event store of its own database, emptied before each test (the read models are not run:
 * these specs read what the import appended). Call inside a describe: it registers the hooks.
 */
export function importHarness(database: string) {
  let test: TestDatabase;
  let store: EventStore;
  let service: ImportCatalogService;
  beforeAll(async () => {
    test = await createTestDatabase(database);
    await migrate(test.db, eventStoreMigrations);
    store = createEventStore({ db: test.db });
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });
  beforeEach(async () => {
    await test.db.query('truncate events, streams cascade');
    service = new ImportCatalogService({ store, waitForProjections: async () => undefined, clock: new ManualClock(new Date('2030-01-15T10:00:00Z')), ids: randomIds });
  });
  return {
    get store() {
      return store;
    },
    get service() {
      return service;
    },
    /** Type and data of every event appended after `before`. */
    appendedSince: async (before: Awaited<ReturnType<EventStore['headPosition']>>) => (await store.readAll({ after: before })).map((e) => [e.type, e.data]),
  };
}
