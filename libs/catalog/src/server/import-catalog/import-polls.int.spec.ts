import { describe, expect, it } from 'vitest';
import { exampleCatalog, importHarness, importOptions } from './import-catalog.fixtures.js';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { pollEntrySchema } from './catalog-file/event-entry.schema.js';

/** Two polls as a file writes them: defaults left out (status DRAFT, order = position, no description, no tags). */
const talk = { id: 7, status: 'OPEN', title: { en: 'Next talk?', it: 'Prossimo talk?' }, options: [{ id: 1, title: { en: 'Rust', it: 'Rust' } }, { id: 2, title: { en: 'Go', it: 'Go' } }] };
const lunch = { id: 9, title: { en: 'Lunch?', it: 'Pranzo?' } };

function example(polls: unknown[]): CatalogFile {
  const file = exampleCatalog();
  file.events[0]!.polls = polls.map((p) => pollEntrySchema.parse(p));
  return file;
}

describe('importing polls', () => {
  const t = importHarness('catalog_import_polls');

  it("adds each poll with the file's defaults; importing it again with another status opens or closes it", async () => {
    await t.service.import(example([talk, lunch]), importOptions);
    const polls = (await t.store.readStream('event-devday-2030')).filter((e) => e.type === 'PollAdded').map((e) => e.data['poll']);
    expect(polls).toEqual([
      { id: 7, status: 'OPEN', title: talk.title, description: {}, allowedTags: [], order: 0, options: [{ id: 1, title: { en: 'Rust', it: 'Rust' }, description: {} }, { id: 2, title: { en: 'Go', it: 'Go' }, description: {} }] },
      { id: 9, status: 'DRAFT', title: lunch.title, description: {}, allowedTags: [], order: 1, options: [] },
    ]);

    let before = await t.store.headPosition();
    expect(await t.service.import(example([talk, lunch]), importOptions)).toMatchObject({ ok: true, eventsAppended: 0 });
    expect(await t.appendedSince(before)).toEqual([]);

    before = await t.store.headPosition();
    expect(await t.service.import(example([{ ...talk, status: 'CLOSED' }]), importOptions)).toMatchObject({ ok: true, eventsAppended: 2 });
    expect(await t.appendedSince(before)).toEqual([
      ['PollChanged', { eventShortName: 'devday-2030', poll: expect.objectContaining({ id: 7, status: 'CLOSED' }) }],
      ['PollRemoved', { eventShortName: 'devday-2030', pollId: 9 }],
    ]);
  });

  it('refuses duplicate ids and an OPEN poll without options at their paths in the document, appending nothing', async () => {
    const report = await t.service.import(example([talk, { ...lunch, id: 7, status: 'OPEN' }]), importOptions);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual([
      ['events[0].polls[1].id', 'error.catalog.duplicateKey'],
      ['events[0].polls[1].options', 'error.catalog.required'],
    ]);
    expect(await t.store.readAll()).toEqual([]);
  });
});
