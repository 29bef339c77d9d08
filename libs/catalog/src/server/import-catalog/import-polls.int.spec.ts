import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { ManualClock, randomIds } from '@ticketing/kernel';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { pollEntrySchema } from './catalog-file/event-entry.schema.js';
import { fileSystemImages } from './image-loader.js';
import { ImportCatalogService } from './import-catalog.service.js';
import { parseCatalogText } from './catalog-file/parse-catalog-file.js';

const examplePath = fileURLToPath(new URL('../../../../../tools/catalog/example.catalog.yaml', import.meta.url));
const options = { actor: 'system:test', images: fileSystemImages(dirname(examplePath)) };

/** Two polls as a file writes them: defaults left out (status DRAFT, order = position, no description, no tags). */
const talk = { id: 7, status: 'OPEN', title: { en: 'Next talk?', it: 'Prossimo talk?' }, options: [{ id: 1, title: { en: 'Rust', it: 'Rust' } }, { id: 2, title: { en: 'Go', it: 'Go' } }] };
const lunch = { id: 9, title: { en: 'Lunch?', it: 'Pranzo?' } };

function example(polls: unknown[]): CatalogFile {
  const result = parseCatalogText(readFileSync(examplePath, 'utf8'), 'yaml');
  if (!result.ok) throw new Error('the example must parse');
  const file = structuredClone(result.file);
  file.events[0]!.polls = polls.map((p) => pollEntrySchema.parse(p));
  return file;
}

describe('importing polls', () => {
  let test: TestDatabase;
  let store: EventStore;
  let service: ImportCatalogService;

  beforeAll(async () => {
    test = await createTestDatabase('catalog_import_polls');
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

  it("adds each poll with the file's defaults; importing it again with another status opens or closes it", async () => {
    await service.import(example([talk, lunch]), options);
    const polls = (await store.readStream('event-devday-2030')).filter((e) => e.type === 'PollAdded').map((e) => e.data['poll']);
    expect(polls).toEqual([
      { id: 7, status: 'OPEN', title: talk.title, description: {}, allowedTags: [], order: 0, options: [{ id: 1, title: { en: 'Rust', it: 'Rust' }, description: {} }, { id: 2, title: { en: 'Go', it: 'Go' }, description: {} }] },
      { id: 9, status: 'DRAFT', title: lunch.title, description: {}, allowedTags: [], order: 1, options: [] },
    ]);

    let before = await store.headPosition();
    expect(await service.import(example([talk, lunch]), options)).toMatchObject({ ok: true, eventsAppended: 0 });
    expect(await appendedSince(before)).toEqual([]);

    before = await store.headPosition();
    expect(await service.import(example([{ ...talk, status: 'CLOSED' }]), options)).toMatchObject({ ok: true, eventsAppended: 2 });
    expect(await appendedSince(before)).toEqual([
      ['PollChanged', { eventShortName: 'devday-2030', poll: expect.objectContaining({ id: 7, status: 'CLOSED' }) }],
      ['PollRemoved', { eventShortName: 'devday-2030', pollId: 9 }],
    ]);
  });

  it('refuses duplicate ids and an OPEN poll without options at their paths in the document, appending nothing', async () => {
    const report = await service.import(example([talk, { ...lunch, id: 7, status: 'OPEN' }]), options);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual([
      ['events[0].polls[1].id', 'error.catalog.duplicateKey'],
      ['events[0].polls[1].options', 'error.catalog.required'],
    ]);
    expect(await store.readAll()).toEqual([]);
  });
});
