/**
 * Child process of bench/replay/run.ts: the catch-up subscription's raw read rate, the ceiling of any rebuild. It
 * subscribes to the whole log from the start with pages of REPLAY_PAGE events, counts every event until caught up,
 * and prints one JSON line ({ events, seconds }). Run alone: DATABASE_URL=... node --import tsx bench/replay/read-log.ts
 */
import { createPool } from '@ticketing/postgres';
import { PostgresEventStore, START } from '@ticketing/event-store';

const url = process.env['DATABASE_URL'];
if (!url) throw new Error('DATABASE_URL is not set');
const page = Number(process.env['REPLAY_PAGE'] ?? 10_000);
const db = createPool(url, 2);
const store = new PostgresEventStore(db, { batchSize: page, pollIntervalMs: 60_000 });
let events = 0;
const started = performance.now();
const subscription = store.subscribeToAll({ after: START, onEvent: () => void events++ });
await subscription.caughtUp;
const seconds = (performance.now() - started) / 1000;
await subscription.stop();
await store.close();
await db.end();
process.stdout.write(`${JSON.stringify({ events, seconds })}\n`);
