import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { projectionMigrations, type ProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { runCli } from './run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const metadata = { correlationId: 'corr-1', causationId: 'cmd-1', occurredAt: '2025-03-01T10:00:00.000Z', actor: 'session:abc' };

describe('tools CLI', () => {
  let test: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    test = await createTestDatabase('cli');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createEventStore({ db: test.db });
    // event types of no read model: this file tests the CLI, not a context's projections
    await store.append('reservation-1', [
      { type: 'ExampleOpened', data: { seats: 2 }, metadata },
      { type: 'ExampleValidated', data: { total: 5000 }, metadata, personal: { subjectId: 'buyer-7', data: { email: 'ann@example.org' } } },
    ]);
    await store.append('ticket-1', [{ type: 'ExampleIssued', data: { seat: 1 }, metadata }]);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  async function cli(...argv: string[]): Promise<{ code: number; text: string }> {
    let text = '';
    const write = (t: string) => (text += t);
    const code = await runCli(argv, { db: test.db, store, projections: allProjections, out: { write }, err: { write }, logger: silent });
    return { code, text };
  }

  it('lists, rebuilds and verifies the read models, exiting 1 on a difference', async () => {
    const before = await cli('projections', 'list');
    expect(before.code).toBe(0);
    expect(before.text).toMatch(/^stream-summary\s+1\s+never run/m);

    const rebuilt = await cli('projections', 'rebuild', 'stream-summary');
    expect(rebuilt).toMatchObject({ code: 0, text: expect.stringMatching(/^rebuilt stream-summary v1 to position \d+$/m) });
    expect(rebuilt.text).toMatch(/^1 read model\(s\), \d+ events in [\d.]+ s \(\d+ events\/s\)$/m);
    const listed = await cli('projections', 'list');
    expect(listed.text).toMatch(/^stream-summary\s+1\s+v1\s+\d+\s+0\s/m);

    expect(await cli('projections', 'verify', '--all')).toMatchObject({ code: 0, text: expect.stringMatching(/^stream-summary: OK at position \d+$/m) });
    await test.db.query("update stream_summary set last_event_type = 'Forged' where stream_id = 'ticket-1'");
    const verified = await cli('projections', 'verify', 'stream-summary');
    expect(verified.code).toBe(1);
    expect(verified.text).toContain('stream-summary: DIFFERENT');
    expect(verified.text).toContain('stream_summary: 1 row(s) missing in live, 1 unexpected in live');
    expect(verified.text).toContain('"last_event_type":"Forged"');

    const all = await cli('projections', 'rebuild', '--all', '--page', '7');
    expect(all).toMatchObject({ code: 0, text: expect.stringMatching(new RegExp(`^${allProjections.length} read model\\(s\\), \\d+ events in`, 'm')) });
    for (const projection of allProjections) expect(all.text).toContain(`rebuilt ${projection.name} v${projection.version} to position`);
    expect(await cli('projections', 'verify', '--all', '--page', '5')).toMatchObject({ code: 0 });
  });

  it('prints the history of one stream, readable or as JSON lines, and erases a forgotten subject', async () => {
    const readable = await cli('audit', 'history', 'reservation-1');
    expect(readable.code).toBe(0);
    expect(readable.text).toMatch(/^#0 ExampleOpened {2}position \d+ {2}recorded \S+ {2}occurred 2025-03-01T10:00:00.000Z$/m);
    expect(readable.text).toContain('actor session:abc  correlation corr-1  causation cmd-1');
    expect(readable.text).toContain('personal (buyer-7): {"email":"ann@example.org"}');

    const lines = (await cli('audit', 'history', 'reservation-1', '--json')).text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.type, l.revision])).toEqual([['ExampleOpened', 0], ['ExampleValidated', 1]]);

    expect(await cli('audit', 'forget-subject', 'buyer-7')).toMatchObject({ code: 0, text: expect.stringContaining('forgot subject buyer-7') });
    // a mistyped id, or a subject forgotten before, is not reported as erased
    expect(await cli('audit', 'forget-subject', 'buyer-7')).toMatchObject({ code: 1, text: expect.stringContaining('no key for subject buyer-7') });
    expect(await cli('audit', 'forget-subject', 'buyr-7')).toMatchObject({ code: 1, text: expect.stringContaining('nothing was erased') });
    expect((await cli('audit', 'history', 'reservation-1')).text).toContain('personal (buyer-7): "[erased]"');
    expect(await cli('audit', 'history', 'reservation-404')).toMatchObject({ code: 1, text: 'no events in stream reservation-404\n' });
  });

  it('verifies the hash chain of the log and of one stream', async () => {
    // the two streams given, and the forgotten subject above told to the read models ($forgotten-subjects)
    expect(await cli('audit', 'verify-log')).toMatchObject({ code: 0, text: expect.stringMatching(/^log intact: 3 stream\(s\), 4 event\(s\), 0 problem\(s\)$/m) });
    expect(await cli('audit', 'verify-log', 'ticket-1')).toMatchObject({ code: 0, text: expect.stringContaining('stream ticket-1 intact: 1 stream(s), 1 event(s)') });
    // a stream the log does not have is not certified intact
    expect(await cli('audit', 'verify-log', 'ticket-404')).toMatchObject({ code: 1, text: expect.stringContaining('no stream ticket-404 in the log') });
    // Tampering can only be done under the store: the PostgreSQL adapter keeps events in `events`.
    await test.db.query("update events set data = '{\"seats\": 3}' where stream_id = 'reservation-1' and revision = 0");
    const broken = await cli('audit', 'verify-log');
    expect(broken.code).toBe(1);
    expect(broken.text).toMatch(/^altered reservation-1@0: /m);
    expect(broken.text).toContain('log BROKEN');
  });

  it('finds a stream cut short with its head moved back, which the stream alone cannot show (issue 17)', async () => {
    await store.append('reservation-2', [
      { type: 'ExampleOpened', data: { seats: 1 }, metadata },
      { type: 'ExampleConfirmed', data: { paidBy: 'bank-transfer' }, metadata },
    ]);
    await store.append('ticket-2', [{ type: 'ExampleIssued', data: { seat: 2 }, metadata }]);
    const { rows } = await test.db.query("select position from events where stream_id = 'reservation-2' and revision = 1");
    await test.db.query("delete from events where stream_id = 'reservation-2' and revision = 1");
    await test.db.query("update streams set revision = 0, last_hash = (select hash from events where stream_id = 'reservation-2' and revision = 0) where stream_id = 'reservation-2'");

    expect(await cli('audit', 'verify-log', 'reservation-2')).toMatchObject({ code: 0, text: expect.stringContaining('stream reservation-2 intact') });
    const broken = await cli('audit', 'verify-log');
    expect(broken.code).toBe(1);
    expect(broken.text).toContain(`removed log at position ${rows[0].position}: position ${rows[0].position} is missing from the log`);
  });

  it('answers a wrong command line with the usage and exit code 2', async () => {
    expect(await cli('projections', 'verify', 'nope')).toMatchObject({ code: 2, text: expect.stringContaining('known: stream-summary') });
    expect(await cli('frobnicate')).toMatchObject({ code: 2, text: expect.stringContaining('usage: tools <command>') });
    expect(await cli('audit', 'history')).toMatchObject({ code: 2, text: expect.stringContaining('usage: audit history <streamId>') });
  });

  it('runs as a program against DATABASE_URL', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/cli/main.ts', 'projections', 'list'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: test.url },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^stream-summary\s+1\s+v1/m);
  });
});
