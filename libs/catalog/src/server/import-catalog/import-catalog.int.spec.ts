import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore, type GlobalPosition } from '@ticketing/event-store';
import { ManualClock, randomIds } from '@ticketing/kernel';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { fileSystemImages } from './image-loader.js';
import { ImportCatalogService } from './import-catalog.service.js';
import { parseCatalogText } from './catalog-file/parse-catalog-file.js';

const examplePath = fileURLToPath(new URL('../../../../../tools/catalog/example.catalog.yaml', import.meta.url));
const options = { actor: 'system:test', images: fileSystemImages(dirname(examplePath)) };

function example(): CatalogFile {
  const result = parseCatalogText(readFileSync(examplePath, 'utf8'), 'yaml');
  if (!result.ok) throw new Error('the example must parse');
  return structuredClone(result.file);
}

describe('importing a catalog', () => {
  let test: TestDatabase;
  let store: EventStore;
  let waited: GlobalPosition[];
  let service: ImportCatalogService;

  beforeAll(async () => {
    test = await createTestDatabase('catalog_import');
    await migrate(test.db, eventStoreMigrations);
    store = createEventStore({ db: test.db });
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });
  beforeEach(async () => {
    await test.db.query('truncate events, streams cascade');
    waited = [];
    service = new ImportCatalogService({
      store,
      waitForProjections: async (position) => void waited.push(position),
      clock: new ManualClock(new Date('2030-01-15T10:00:00Z')),
      ids: randomIds,
    });
  });

  it('creates every stream once; the same file again appends nothing', async () => {
    const first = await service.import(example(), options);
    expect(first).toMatchObject({ ok: true, applied: true, errors: [] });
    expect(first.streams.map((s) => [s.streamId, s.outcome])).toEqual([
      [expect.stringMatching(/^file-[0-9a-f]{64}$/), 'created'],
      ['organizer-lakeside', 'created'],
      ['event-devday-2030', 'created'],
      ['subscription-descriptor-6a1d2b9e-8f3c-4d5e-9a7b-1c2d3e4f5a6b', 'created'],
    ]);
    const all = await store.readAll();
    expect(first.eventsAppended).toBe(all.length);
    expect(waited).toEqual([all.at(-1)!.position]);
    expect(all[0]!.metadata).toMatchObject({ actor: 'system:test', occurredAt: '2030-01-15T10:00:00.000Z' });
    const event = all.find((e) => e.type === 'EventPublished')!;
    expect((event.data['event'] as { imageFileId: string }).imageFileId).toBe(first.streams[0]!.streamId.slice('file-'.length));

    const second = await service.import(example(), options);
    expect(second).toMatchObject({ ok: true, eventsAppended: 0, written: [] });
    expect(second.streams.every((s) => s.outcome === 'unchanged')).toBe(true);
    expect(await store.readAll()).toHaveLength(all.length);
  });

  it('appends exactly one change event when one price changes', async () => {
    await service.import(example(), options);
    const before = await store.headPosition();
    const changed = example();
    changed.events[0]!.categories[1]!.price = 12500;

    const report = await service.import(changed, options);
    expect(report).toMatchObject({ ok: true, eventsAppended: 1, written: ['event-devday-2030'] });
    const appended = await store.readAll({ after: before });
    expect(appended.map((e) => e.type)).toEqual(['TicketCategoryChanged']);
    expect(appended[0]!.data).toMatchObject({ eventShortName: 'devday-2030', category: { key: 'regular', id: 2, price: 12500 } });
  });

  it('refuses an invalid file whole: nothing appended, every error named by path and field', async () => {
    const invalid = example();
    invalid.events[0]!.categories[0]!.sale = { start: '2030-03-01T00:00:00', end: '2030-01-01T00:00:00' };
    invalid.events[0]!.promoCodes[0]!.categories = ['vip'];
    invalid.subscriptions[0]!.compatibleEvents = ['devday-2031'];

    const report = await service.validate(invalid, options);
    expect(report.ok).toBe(false);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual(
      expect.arrayContaining([
        ['events[0].categories[0].sale.end', 'error.catalog.endBeforeStart'],
        ['events[0].promoCodes[0].categories[0]', 'error.catalog.unknownCategory'],
        ['subscriptions[0].compatibleEvents[0]', 'error.catalog.unknownEvent'],
      ]),
    );
    expect(await service.import(invalid, options)).toMatchObject({ ok: false, applied: false, eventsAppended: 0, written: [] });
    expect(await store.readAll()).toEqual([]);
    expect(waited).toEqual([]);
  });

  it("resolves a pass's category keys to the event's ids, from the file or from the log, and refuses a key the event lacks", async () => {
    const pass = 'subscription-descriptor-6a1d2b9e-8f3c-4d5e-9a7b-1c2d3e4f5a6b';
    const descriptorOf = async () => (await store.readStream(pass)).at(-1)!.data['descriptor'];
    // a category added by the same file gets its id in this import, and the pass names it
    const withVip = example();
    withVip.events[0]!.categories.push({ ...withVip.events[0]!.categories[1]!, key: 'vip', name: { en: 'VIP', it: 'VIP' } });
    withVip.subscriptions[0]!.compatibleEvents = [{ event: 'devday-2030', categories: ['regular', 'vip'] }];
    expect(await service.import(withVip, options)).toMatchObject({ ok: true });
    expect(await descriptorOf()).toMatchObject({ compatibleEventShortNames: ['devday-2030'], compatibleCategoryIds: { 'devday-2030': [2, 5] } });

    // the event imported before, the pass alone: its ids come from the log
    const passAlone = example();
    passAlone.events = [];
    passAlone.subscriptions[0]!.compatibleEvents = [{ event: 'devday-2030', categories: ['early-bird'] }];
    expect(await service.import(passAlone, options)).toMatchObject({ ok: true, eventsAppended: 1, written: [pass] });
    expect(await descriptorOf()).toMatchObject({ compatibleCategoryIds: { 'devday-2030': [1] } });
    // back to a plain short name: no restriction left
    passAlone.subscriptions[0]!.compatibleEvents = ['devday-2030'];
    expect(await service.import(passAlone, options)).toMatchObject({ ok: true, eventsAppended: 1 });
    expect(await descriptorOf()).not.toHaveProperty('compatibleCategoryIds');

    const before = await store.headPosition();
    passAlone.subscriptions[0]!.compatibleEvents = [{ event: 'devday-2030', categories: ['regular', 'gold', 'regular'] }];
    const refused = await service.import(passAlone, options);
    expect(refused.errors.map((e) => [e.path, e.code, e.args])).toEqual([
      ['subscriptions[0].compatibleEvents[0].categories[1]', 'error.catalog.unknownCategory', ['gold']],
      ['subscriptions[0].compatibleEvents[0].categories[2]', 'error.catalog.duplicateKey', ['regular']],
    ]);
    expect(await store.readAll({ after: before })).toEqual([]);
  });

  it('reports an unreadable image at the entry that names it', async () => {
    const file = example();
    file.events[0]!.image = 'example-images/missing.png';
    const report = await service.import(file, options);
    expect(report.errors).toEqual([expect.objectContaining({ path: 'events[0].image', code: 'error.catalog.unreadableFile' })]);
    expect(await store.readAll()).toEqual([]);
  });

  it('refuses an event that another organizer already owns', async () => {
    await service.import(example(), options);
    const other = example();
    other.organizers[0]!.slug = 'hijacker';
    other.events[0]!.organizer = 'hijacker';
    other.subscriptions = [];
    const report = await service.import(other, options);
    expect(report.errors).toEqual([expect.objectContaining({ path: 'events[0].organizer', code: 'error.catalog.ownedByAnotherOrganizer', args: ['lakeside'] })]);
  });

  it('writes nothing when the append fails (a lost connection); running it again imports it all', async () => {
    const flaky: EventStore = Object.create(store, {
      appendToStreams: { value: () => Promise.reject(new Error('connection reset')) },
    });
    const interrupted = new ImportCatalogService({ store: flaky, waitForProjections: async () => undefined, clock: new ManualClock(new Date()), ids: randomIds });
    const report = await interrupted.import(example(), options);
    expect(report).toMatchObject({ ok: false, applied: false, eventsAppended: 0, written: [] });
    expect(report.errors).toEqual([expect.objectContaining({ code: 'error.catalog.appendFailed', args: [expect.stringContaining('event-devday-2030'), 'connection reset'] })]);
    expect(await store.readAll()).toEqual([]);

    const rerun = await service.import(example(), options);
    expect(rerun.streams.map((s) => s.outcome)).toEqual(['created', 'created', 'created', 'created']);
  });

  it('refuses to overwrite a stream another writer changed after it was read', async () => {
    const racing: EventStore = Object.create(store, {
      appendToStreams: {
        value: async (...args: Parameters<EventStore['appendToStreams']>) => {
          // Someone else registers the organizer between our read and our append.
          const organizer = args[0].find((a) => a.streamId === 'organizer-lakeside')!;
          await store.append(organizer.streamId, [{ ...organizer.events[0]!, type: 'OrganizerRegistered' }]);
          return store.appendToStreams(...args);
        },
      },
    });
    const report = await new ImportCatalogService({ store: racing, waitForProjections: async () => undefined, clock: new ManualClock(new Date()), ids: randomIds }).import(example(), options);
    expect(report.ok).toBe(false);
    expect(report.errors[0]).toMatchObject({ code: 'error.catalog.appendFailed', args: ['organizer-lakeside', expect.stringContaining('expected revision')] });
  });

  it('is one append: a conflict on its second stream leaves the first untouched, and sending it again imports it', async () => {
    await service.import(example(), options);
    const changed = example();
    changed.organizers[0]!.name = 'Lakeside Conferences & Co';
    changed.events[0]!.categories[1]!.price = 12500;
    const organizerBefore = await store.readStream('organizer-lakeside');
    const before = await store.headPosition();
    // another import changes the event (the second stream of this one) between our read and our first write
    let raced = false;
    const race = async () => {
      if (raced) return;
      raced = true;
      const [last] = (await store.readStream('event-devday-2030')).slice(-1);
      await store.append('event-devday-2030', [{ type: last!.type, data: last!.data, metadata: last!.metadata }]);
    };
    const racing: EventStore = Object.create(store, {
      append: { value: async (...args: Parameters<EventStore['append']>) => (await race(), store.append(...args)) },
      appendToStreams: { value: async (...args: Parameters<EventStore['appendToStreams']>) => (await race(), store.appendToStreams(...args)) },
    });
    const importer = new ImportCatalogService({ store: racing, waitForProjections: async () => undefined, clock: new ManualClock(new Date()), ids: randomIds });
    const report = await importer.import(changed, options);
    expect(report.streams.filter((c) => c.outcome === 'changed').map((c) => c.streamId)).toEqual(['organizer-lakeside', 'event-devday-2030']);
    expect(report).toMatchObject({ ok: false, applied: false, eventsAppended: 0, written: [] });
    expect(report.errors).toEqual([expect.objectContaining({ code: 'error.catalog.appendFailed', args: ['event-devday-2030', expect.stringContaining('expected revision')] })]);
    // the organizer's change, decided in the same document, is not in: only the other writer's event is
    expect(await store.readStream('organizer-lakeside')).toEqual(organizerBefore);
    expect((await store.readAll({ after: before })).map((e) => e.streamId)).toEqual(['event-devday-2030']);

    const again = await service.import(changed, options);
    expect(again).toMatchObject({ ok: true, written: ['organizer-lakeside', 'event-devday-2030'] });
  });
});
