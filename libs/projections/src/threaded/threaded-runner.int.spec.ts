import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectionStoppedError } from '../errors.js';
import { appendEvents, createProjectionTestDb, recordingLogger, type ProjectionTestDb } from '../test-support/projection-test-db.js';
import { RUNNER_THREAD_NAME } from './runner-thread.js';
import { ThreadedProjectionRunner } from './threaded-runner.js';

const workerScript = new URL('../test-support/runner-thread.worker.ts', import.meta.url).href;
// a worker thread does not take `--import tsx` from execArgv: it registers tsx's loader itself, then loads the script
const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerScript)}); })`;
const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'system:test' };

describe('ThreadedProjectionRunner', () => {
  let t: ProjectionTestDb;
  let runner: ThreadedProjectionRunner | undefined;
  const workers: Worker[] = [];
  beforeEach(async () => {
    t = await createProjectionTestDb('threaded_runner');
  });
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    workers.length = 0;
    await t.close();
  });

  const start = async (workerData: Record<string, unknown> = {}) => {
    const logger = recordingLogger();
    runner = new ThreadedProjectionRunner({
      db: t.db,
      names: ['event-rows'],
      spawn: () => {
        const worker = new Worker(bootstrap, { eval: true, workerData: { databaseUrl: t.url, ...workerData } });
        workers.push(worker);
        return worker;
      },
      logger,
      restartDelayMs: 50,
    });
    await runner.start();
    return logger;
  };
  const rowAt = async (position: bigint) => (await t.db.query('select 1 from event_rows where position = $1', [position.toString()])).rowCount;

  it.runIf(process.platform === 'linux')('names its thread, so that its CPU is told apart from the process\'s other threads', async () => {
    const named = () => readdirSync('/proc/self/task').filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === RUNNER_THREAD_NAME);
    const before = named().length;
    await start();
    expect(named().length).toBe(before + 1);
  });

  it('applies the log in its thread; waitFor resolves once the row is there (read-your-writes)', async () => {
    await start();
    const backlog = await appendEvents(t.store, 120);
    await runner!.waitFor(backlog, 10_000);
    expect(await rowAt(backlog)).toBe(1);
    const { position } = await t.store.append('order-1', [{ type: 'OrderPlaced', data: {}, metadata }]);
    await runner!.waitFor(position, 10_000);
    expect(await rowAt(position)).toBe(1);
    expect((await runner!.checkpoints()).map((c) => [c.name, c.position])).toEqual([['event-rows', position]]);
  });

  it('rejects waitFor with the reason when the projection stopped in the thread, and logs it through the parent', async () => {
    const logger = await start({ failOnType: 'Poison' });
    const { position } = await t.store.append('order-2', [{ type: 'Poison', data: {}, metadata }]);
    const error = await runner!.waitFor(position, 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionStoppedError);
    expect(error).toMatchObject({ projection: 'event-rows' });
    expect(logger.entries.some(({ level, entry }) => level === 'error' && entry.msg.startsWith('projection event-rows stopped'))).toBe(true);
  });

  it('starts the thread again when it ends unasked, and goes on answering', async () => {
    const logger = await start();
    await workers[0]!.terminate();
    await expect.poll(() => workers.length, { timeout: 10_000 }).toBe(2);
    const { position } = await t.store.append('order-3', [{ type: 'OrderPlaced', data: {}, metadata }]);
    await runner!.waitFor(position, 10_000);
    expect(await rowAt(position)).toBe(1);
    expect(logger.entries.some(({ entry }) => entry.msg === 'projection thread ended unasked: starting it again')).toBe(true);
  });

  it('stop() ends the thread', async () => {
    await start();
    const exited = new Promise<number>((resolve) => workers[0]!.once('exit', resolve));
    await runner!.stop();
    runner = undefined;
    await expect(exited).resolves.toBeTypeOf('number');
  });
});
