// Run by kill-nine.int.spec.ts as a separate process (`node --import tsx`), so that it can be killed with
// SIGKILL mid-way: it catches the event-rows projection up with the log of DATABASE_URL and exits.
import { createEventStore } from '@ticketing/event-store';
import { createPool } from '@ticketing/postgres';
import { ProjectionRunner } from '../runner.js';
import { eventRowsProjection } from './event-rows.projection.js';
import { recordingLogger } from './projection-test-db.js';

const db = createPool(process.env['DATABASE_URL'] ?? '', 4);
const store = createEventStore({ db });
const runner = new ProjectionRunner({
  db,
  store,
  projections: [eventRowsProjection()],
  batchSize: Number(process.env['BATCH_SIZE'] ?? 50),
  wakeUps: 'polling',
  logger: recordingLogger(),
});
await runner.catchUp();
process.stdout.write('caught up\n');
await store.close();
await db.end();
