import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { randomIds } from '@ticketing/kernel';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { runCatalogCli } from './run-catalog-cli.js';

const here = fileURLToPath(new URL('.', import.meta.url));

describe('catalog CLI', () => {
  let test: TestDatabase;
  let store: EventStore;
  const scratch = mkdtempSync(join(tmpdir(), 'catalog-cli-'));

  beforeAll(async () => {
    test = await createTestDatabase('catalog_cli');
    await migrate(test.db, eventStoreMigrations);
    store = createEventStore({ db: test.db });
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  async function cli(...argv: string[]): Promise<{ code: number; text: string }> {
    let text = '';
    const code = await runCatalogCli(argv, { store, out: { write: (t) => (text += t) }, clock: { now: () => new Date('2030-01-15T10:00:00Z') }, ids: randomIds, cwd: here });
    return { code, text };
  }

  it('validates without writing, imports, and imports again without change', async () => {
    const validated = await cli('validate', 'example.catalog.yaml');
    expect(validated).toMatchObject({ code: 0, text: expect.stringMatching(/^4 created, 0 changed, 0 unchanged; \d+ event\(s\) to append$/m) });
    expect(await store.readAll()).toEqual([]);

    const imported = await cli('import', 'example.catalog.yaml');
    expect(imported.code).toBe(0);
    expect(imported.text).toMatch(/^created {3}event-devday-2030: EventPublished, TotalSeatsCapped, CapacityDefined, TicketCategoryAdded/m);
    const count = (await store.readAll()).length;
    expect(imported.text).toContain(`4 created, 0 changed, 0 unchanged; ${count} event(s) appended`);

    expect(await cli('import', 'example.catalog.yaml')).toEqual({ code: 0, text: '0 created, 0 changed, 4 unchanged; 0 event(s) appended\n' });
  });

  it('shows its progress over the entries checked, with rate and ETA, with --progress off a terminal every 5 s', async () => {
    const lines: string[] = [];
    const progressStream = { write: (t: string) => lines.push(t), isTTY: false };
    // a clock 6 s further at each reading: every entry checked is a line
    let now = Date.parse('2030-01-15T10:00:00Z');
    const clock = { now: () => new Date((now += 6_000)) };
    const run = (...argv: string[]) => runCatalogCli(argv, { store, out: { write: () => undefined }, clock, ids: randomIds, cwd: here, progressStream });

    expect(await run('import', 'example.catalog.yaml')).toBe(0);
    expect(lines).toEqual([]);
    expect(await run('import', '--progress', 'example.catalog.yaml')).toBe(0);
    const [, total] = /^catalog import: \d+\/(\d+) entries/.exec(lines[0]!)!;
    expect(Number(total)).toBeGreaterThan(3);
    expect(lines).toHaveLength(Number(total));
    expect(lines[0]).toMatch(new RegExp(`^catalog import: 1/${total} entries \\(\\d+%\\) 0 entries/s, ETA \\d+ (s|min \\d+ s)\n$`));
    expect(lines.at(-1)).toBe(`catalog import: ${total}/${total} entries (100%) 0 entries/s\n`);
  });

  it('reads JSON and refuses an invalid catalog whole, naming path and field (exit 1)', async () => {
    const file = join(scratch, 'bad.json');
    writeFileSync(file, JSON.stringify({
      organizers: [{ slug: 'solo', name: 'Solo', email: 'solo@example.org' }],
      events: [{
        shortName: 'solo-night', organizer: 'solo', title: { en: 'Solo night', de: '' }, start: '2030-06-01T20:00', end: '2030-06-01T23:00',
        timeZone: 'Europe/Berlin', currency: 'EUR', contentLanguages: ['en', 'de'], location: 'Berlin',
        categories: [{ key: 'standing', name: { en: 'Standing', de: 'Stehplatz' }, price: 0, maxPerReservation: 1 }],
      }],
    }));
    const result = await cli('import', file);
    expect(result.code).toBe(1);
    expect(result.text).toContain('error events[0].title.de: is missing in content language de (error.catalog.missingTranslation)');
    expect(result.text).toContain('nothing was imported');
    expect(await store.readStream('organizer-solo')).toEqual([]);

    writeFileSync(file, JSON.stringify({ events: [{ shortName: 'x', categories: [{ price: -1 }] }] }));
    const schema = await cli('validate', file);
    expect(schema.code).toBe(1);
    expect(schema.text).toContain('error events[0].categories[0].price: must be >= 0 (error.catalog.negative)');
  });

  it('answers 2 to a wrong command line and 1 to a missing file', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli('publish', 'x.yaml')).code).toBe(2);
    expect(await cli('import', 'catalog.txt')).toEqual({ code: 2, text: 'catalog.txt: the file name must end in .yaml, .yml or .json\n' });
    expect(await cli('import', 'missing.yaml')).toEqual({ code: 1, text: 'missing.yaml: cannot read (ENOENT)\n' });
    expect((await cli('help')).text).toContain('usage: catalog');
  });
});
