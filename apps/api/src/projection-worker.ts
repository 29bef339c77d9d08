// Entry of the projection thread (see ThreadedProjectionRunner): its own pool and event store, the same
// projections as the API, reporting to the API's event loop through parentPort.
import { parentPort, workerData } from 'node:worker_threads';
import { createEventStore } from '@ticketing/event-store';
import { ProjectionRunner, serveRunnerThread, threadLogger, threadProgress } from '@ticketing/projections';
import { createPool } from '@ticketing/postgres';
import { allProjections, type ProjectionWorkerData } from '@ticketing/application/projections';

if (!parentPort) throw new Error('projection-worker runs as a worker thread of the API');
const port = parentPort;
const { databaseUrl, eventStoreUrl } = workerData as ProjectionWorkerData;
const logger = threadLogger(port);
const db = createPool(databaseUrl, 4, (error) => logger.warn({ msg: 'an idle database connection of the projection thread was closed by the server', err: error }));
const store = createEventStore({ db, eventStoreUrl: eventStoreUrl ?? undefined });
const runner = new ProjectionRunner({ db, store, projections: allProjections, logger, onProgress: threadProgress(port) });
serveRunnerThread(port, runner, async () => {
  await store.close();
  await db.end();
});
