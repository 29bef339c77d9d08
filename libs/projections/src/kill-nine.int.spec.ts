import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlobalPosition } from '@ticketing/event-store';
import { ProjectionRunner } from './runner.js';
import { eventRowsProjection } from './test-support/event-rows.projection.js';
import { appendEvents, checkpointOf, countRows, createProjectionTestDb, recordingLogger, type ProjectionTestDb } from './test-support/projection-test-db.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const childScript = fileURLToPath(new URL('./test-support/run-projections.child.ts', import.meta.url));
const BACKLOG = 20_000;

describe('a runner killed with SIGKILL mid-way', () => {
  let t: ProjectionTestDb;
  beforeAll(async () => {
    t = await createProjectionTestDb('kill_nine');
  });
  afterAll(() => t.close());

  async function allPositions(): Promise<GlobalPosition[]> {
    const positions: GlobalPosition[] = [];
    for (let after = 0n; ; ) {
      const page = await t.store.readAll({ after, maxCount: 5_000 });
      if (page.length === 0) return positions;
      positions.push(...page.map((e) => e.position));
      after = page[page.length - 1]!.position;
    }
  }

  it('loses nothing and applies nothing twice when the next runner resumes', async () => {
    const head = await appendEvents(t.store, BACKLOG, { perAppend: 500, streams: 20 });
    const positions = await allPositions();
    expect(positions).toHaveLength(BACKLOG);

    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: t.url, BATCH_SIZE: '50' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let childOutput = '';
    child.stdout.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
    const exited = once(child, 'exit');

    // Kill it once a good part of the backlog is committed, well before the end.
    const quarter = positions[BACKLOG / 4]!;
    for (const deadline = Date.now() + 60_000; ; ) {
      const checkpoint = await checkpointOf(t.db, 'event-rows');
      if (checkpoint !== undefined && checkpoint >= quarter) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the child never got a quarter through: ${childOutput}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGKILL');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    expect(childOutput).not.toContain('caught up');

    // What it left: exactly the rows of the events up to its checkpoint, which is short of the head.
    const killedAt = (await checkpointOf(t.db, 'event-rows'))!;
    expect(killedAt).toBeLessThan(head);
    const committed = positions.filter((p) => p <= killedAt).length;
    expect(await countRows(t.db)).toEqual({ rows: committed, distinct: committed });

    await new ProjectionRunner({ db: t.db, store: t.store, projections: [eventRowsProjection()], batchSize: 500, wakeUps: 'polling', logger: recordingLogger() }).catchUp();
    expect(await countRows(t.db)).toEqual({ rows: BACKLOG, distinct: BACKLOG });
    const { rows } = await t.db.query<{ missing: number }>(
      'select count(*)::int as missing from unnest($1::bigint[]) p where not exists (select 1 from event_rows r where r.position = p)',
      [positions.map(String)],
    );
    expect(rows[0]!.missing).toBe(0);
    expect(await checkpointOf(t.db, 'event-rows')).toBe(head);
  }, 180_000);
});
