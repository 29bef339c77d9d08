import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSession } from './api-process.js';
import { categoryIds, completeFreeOrder, expectReadModelsAndChainsIntact, keepCalling, processesOnOneDatabase, query, reserveSeats, untilCaughtUp } from './faults.js';

const CATALOG = fileURLToPath(new URL('./faults.catalog.yaml', import.meta.url));
const EVENT = 'fault-hall';
const BACKLOG = 2_500; // events in the log before the replay
const BUYERS = 16;

/**
 * Issue 17: the API is killed (SIGKILL) while its projection thread replays a large backlog: every read model is
 * rebuilt at start-up, as after a deploy that raised their versions. The next process resumes from the checkpoints
 * the dead one committed (a batch commits whole or not at all) and its read models catch up and equal a rebuild.
 */
describe('kill -9 of the API in the middle of a projection batch', () => {
  const database = processesOnOneDatabase('system_faults_projections', CATALOG, { RESERVATION_SWEEP_INTERVAL_MS: '0' });
  const { start, logs } = database;
  const head = async () => BigInt((await query<{ head: string | null }>(database.url, 'select max(position)::text as head from events'))[0]!.head ?? 0);
  const checkpoints = () => query<{ name: string; position: string }>(database.url, 'select name, position::text as position from projection_checkpoints');

  it('resumes after the last committed batch and catches up to read models equal to a rebuild', async () => {
    // 1. A log of some thousands of events: free reservations of one to four seats on A, every eighth completed.
    const a = await start('A');
    const { 'Free entry': free } = await categoryIds(a, EVENT, ['Free entry']);
    const sessions = await Promise.all(Array.from({ length: BUYERS }, () => openSession(a)));
    let made = 0n;
    let calls = 0;
    const traffic = keepCalling(BUYERS, async (i) => {
      if (made >= BACKLOG) return new Promise((r) => setTimeout(r, 50));
      const reserved = await reserveSeats(sessions[i]!, EVENT, free, 1 + (calls % 4));
      expect(reserved.status, `reserve\n${logs()}`).toBe(200);
      if (++calls % 8 === 0) expect(await completeFreeOrder(sessions[i]!, reserved.body.value as string)).toBe('COMPLETE');
    });
    while (made < BACKLOG) {
      await new Promise((r) => setTimeout(r, 500));
      made = await head();
    }
    await traffic.stop();
    expect(await untilCaughtUp(a, 60), `A caught up\n${logs()}`).toBe(true);
    await a.stop();
    const last = await head();

    // 2. Every read model's stored version one lower: B rebuilds them all at start-up, replaying the whole log, and is
    // killed as soon as one of them is part of the way (watched from the moment it is spawned).
    await query(database.url, 'update projection_checkpoints set version = version - 1');
    const b = await start('B', { waitUntilHealthy: false });
    let midway: { name: string; position: string }[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
      midway = (await checkpoints()).filter((c) => BigInt(c.position) > 0n && BigInt(c.position) < last);
      if (midway.length > 0) break;
    }
    await b.kill();
    expect(midway.length, `B was killed with read models part of the way (head ${last})\n${logs()}`).toBeGreaterThan(0);
    const left = await checkpoints();
    expect(left.some((c) => BigInt(c.position) < last), 'B left a backlog behind').toBe(true);

    // 3. C resumes from the committed checkpoints (no second reset: the versions are current now) and catches up.
    const c = await start('C');
    expect(await untilCaughtUp(c, 90), `C caught up\n${logs()}`).toBe(true);
    await c.stop();
    expectReadModelsAndChainsIntact(database.url);
  }, 240_000);
});
