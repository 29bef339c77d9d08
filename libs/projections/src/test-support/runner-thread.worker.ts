// Run by threaded-runner.int.spec.ts as a worker thread (`--import tsx`): the event-rows projection of the
// database it is given, served to the test's ThreadedProjectionRunner. `failOnType` makes it stop on that event.
import { parentPort, workerData } from 'node:worker_threads';
import { createEventStore } from '@ticketing/event-store';
import { createPool } from '@ticketing/postgres';
import { ProjectionRunner } from '../runner.js';
import { serveRunnerThread, threadLogger, threadProgress } from '../threaded/runner-thread.js';
import { eventRowsProjection } from './event-rows.projection.js';

const { databaseUrl, failOnType } = workerData as { databaseUrl: string; failOnType?: string };
const port = parentPort!;
const db = createPool(databaseUrl, 4);
const store = createEventStore({ db });
const runner = new ProjectionRunner({
  db,
  store,
  projections: [eventRowsProjection({ failOn: failOnType ? (event) => event.type === failOnType : undefined })],
  // no safety poll within a test: only the parent's wake-ups and the log's notifications move it
  pollIntervalMs: 60_000,
  logger: threadLogger(port),
  onProgress: threadProgress(port),
});
serveRunnerThread(port, runner, async () => {
  await store.close();
  await db.end();
});
