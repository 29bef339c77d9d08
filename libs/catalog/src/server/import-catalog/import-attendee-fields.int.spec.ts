import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { ManualClock, randomIds } from '@ticketing/kernel';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { fileSystemImages } from './image-loader.js';
import { ImportCatalogService } from './import-catalog.service.js';
import { parseCatalogText } from './catalog-file/parse-catalog-file.js';

const examplePath = fileURLToPath(new URL('../../../../../tools/catalog/example.catalog.yaml', import.meta.url));
const options = { actor: 'system:test', images: fileSystemImages(dirname(examplePath)) };

/** The example catalog: its event asks for a company, a t-shirt size (some categories) and a lunch menu (per lunch). */
function example(): CatalogFile {
  const result = parseCatalogText(readFileSync(examplePath, 'utf8'), 'yaml');
  if (!result.ok) throw new Error('the example must parse');
  return structuredClone(result.file);
}

describe('importing attendee fields', () => {
  let test: TestDatabase;
  let store: EventStore;
  let service: ImportCatalogService;

  beforeAll(async () => {
    test = await createTestDatabase('catalog_import_fields');
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

  const appendedSince = async (before: Awaited<ReturnType<EventStore['headPosition']>>) => (await store.readAll({ after: before })).map((e) => [e.type, e.data]);

  it('adds each field with its keys resolved to ids; the same file again appends nothing', async () => {
    await service.import(example(), options);
    const fields = (await store.readStream('event-devday-2030')).filter((e) => e.type === 'AttendeeFieldAdded').map((e) => e.data['field']);
    expect(fields).toEqual([
      expect.objectContaining({ name: 'company', ordinal: 0, required: true, maxLength: 100, categoryIds: [], additionalServiceId: null }),
      expect.objectContaining({ name: 'tShirtSize', ordinal: 1, categoryIds: [1, 2, 4] }),
      expect.objectContaining({ name: 'lunchMenu', ordinal: 2, additionalServiceId: 1, restrictedValuesDescription: { vegetarian: { en: 'Vegetarian', it: 'Vegetariano' } } }),
    ]);

    const before = await store.headPosition();
    expect(await service.import(example(), options)).toMatchObject({ ok: true, eventsAppended: 0, written: [] });
    expect(await appendedSince(before)).toEqual([]);
  });

  it('appends one change for a changed field and one removal for a field no longer listed', async () => {
    await service.import(example(), options);
    const before = await store.headPosition();
    const changed = example();
    const event = changed.events[0]!;
    // The last one goes, so the others keep their positions and with them their default ordinals.
    event.attendeeFields = event.attendeeFields.filter((f) => f.name !== 'lunchMenu').map((f) => (f.name === 'tShirtSize' ? { ...f, disabledValues: ['XL'] } : f));

    expect(await service.import(changed, options)).toMatchObject({ ok: true, eventsAppended: 2 });
    expect(await appendedSince(before)).toEqual([
      ['AttendeeFieldChanged', { eventShortName: 'devday-2030', field: expect.objectContaining({ name: 'tShirtSize', ordinal: 1, disabledValues: ['XL'] }) }],
      ['AttendeeFieldRemoved', { eventShortName: 'devday-2030', name: 'lunchMenu' }],
    ]);
  });

  it('refuses a field on a donation or an unknown category at its path in the document, appending nothing', async () => {
    const invalid = example();
    const [company, size, lunch] = invalid.events[0]!.attendeeFields;
    invalid.events[0]!.attendeeFields = [company!, { ...size!, categories: ['regular', 'vip'] }, { ...lunch!, additionalService: 'donation' }];

    const report = await service.import(invalid, options);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual([
      ['events[0].attendeeFields[1].categories[1]', 'error.catalog.unknownCategory'],
      ['events[0].attendeeFields[2].additionalService', 'error.catalog.notASupplement'],
    ]);
    expect(await store.readAll()).toEqual([]);
  });
});
