import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectionRunner } from './runner.js';
import { ProjectionWaitTimeoutError } from './errors.js';
import { eventRowsProjection } from './test-support/event-rows.projection.js';
import { appendEvents, createProjectionTestDb, recordingLogger, type ProjectionTestDb } from './test-support/projection-test-db.js';

describe('waitFor', () => {
  let t: ProjectionTestDb;
  let running: ProjectionRunner | undefined;
  beforeEach(async () => {
    t = await createProjectionTestDb('wait_for');
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    await t.close();
  });

  const runner = (options: Partial<ConstructorParameters<typeof ProjectionRunner>[0]> = {}) =>
    new ProjectionRunner({ db: t.db, store: t.store, projections: [eventRowsProjection()], logger: recordingLogger(), ...options });
  const rowAt = async (position: bigint) => (await t.db.query('select 1 from event_rows where position = $1', [position.toString()])).rowCount;

  it('resolves once the running projection has applied the appended event (read-your-writes)', async () => {
    // A safety poll longer than the waits below: only the wake-ups can make them succeed.
    running = runner({ wakeUps: 'subscription', pollIntervalMs: 60_000 });
    await running.start();
    const elsewhere = runner(); // never started, so its waitFor cannot wake the running one
    const backlog = await appendEvents(t.store, 300);
    await elsewhere.waitFor(backlog, 5_000); // the log subscription woke the runner
    expect(await rowAt(backlog)).toBe(1);

    const { position } = await t.store.append('order-1', [{ type: 'OrderPlaced', data: {}, metadata: { correlationId: 'c', causationId: 'c', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'user:1' } }]);
    await running.waitFor(position, 5_000);
    expect(await rowAt(position)).toBe(1); // visible as soon as waitFor resolves
  });

  it('does not make the runner read the log again for a position a batch of it already read', async () => {
    let reads = 0;
    const counting = new Proxy(t.store, {
      get: (store, key) => {
        if (key === 'readAll') return (...args: Parameters<typeof store.readAll>) => (reads++, store.readAll(...args));
        const value = Reflect.get(store, key) as unknown;
        return typeof value === 'function' ? value.bind(store) : value;
      },
    });
    // a poll far longer than the test: only waitFor wakes the runner
    running = runner({ store: counting, wakeUps: 'polling', pollIntervalMs: 60_000 });
    await running.start();
    const position = await appendEvents(t.store, 5);
    await running.waitFor(position, 5_000);
    await new Promise((r) => setTimeout(r, 100)); // the loop sleeps after a batch that reached the head
    const afterFirst = reads;
    await Promise.all(Array.from({ length: 20 }, () => running!.waitFor(position, 5_000)));
    await new Promise((r) => setTimeout(r, 100));
    expect(reads).toBe(afterFirst);

    const next = await appendEvents(t.store, 1);
    await running.waitFor(next, 5_000); // a position beyond the last batch still wakes it
    expect(await rowAt(next)).toBe(1);
  });

  it('spaces out the batches nobody waits for, and reads at once for a waitFor or after a quiet moment', async () => {
    // the spacing far longer than the waits below, the poll longer than the test: only the wake-ups move the runner
    running = runner({ wakeUps: 'subscription', pollIntervalMs: 60_000, batchSpacingMs: 5_000 });
    await running.start();
    const appended = () => appendEvents(t.store, 1);
    const applied = async (position: bigint, withinMs: number) => {
      for (const deadline = Date.now() + withinMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
        if ((await rowAt(position)) === 1) return true;
      }
      return false;
    };
    // the first append after a quiet moment: read as soon as its notification comes, no spacing
    const first = await appended();
    expect(await applied(first, 2_000)).toBe(true);
    // the next one, right after that batch, waits for the spacing: one batch would take it with those still to come
    const second = await appended();
    expect(await applied(second, 1_000)).toBe(false);
    // unless a command waits for it (read-your-writes)
    const asked = Date.now();
    await running.waitFor(second, 5_000);
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(await rowAt(second)).toBe(1);
  });

  it('resolves in a process that does not run the projections, from the checkpoint table', async () => {
    running = runner({ wakeUps: 'polling', pollIntervalMs: 20 });
    await running.start();
    const elsewhere = runner(); // never started: it can only look at the checkpoints
    const position = await appendEvents(t.store, 120);
    await elsewhere.waitFor(position, 5_000);
    expect(await rowAt(position)).toBe(1);
  });

  it('fails with a clear error naming the projections behind when the position is not reached in time', async () => {
    const position = await appendEvents(t.store, 3); // nobody runs the projections
    const error = await runner().waitFor(position, 150).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionWaitTimeoutError);
    expect(error).toMatchObject({ code: 'error.PROJECTION_WAIT_TIMEOUT', position, timeoutMs: 150, behind: [{ name: 'event-rows', position: null }] });
    expect((error as Error).message).toBe(`projections did not reach position ${position} within 150 ms: event-rows at no checkpoint`);
  });
});
