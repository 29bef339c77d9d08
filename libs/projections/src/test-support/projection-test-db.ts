import { createEventStore, eventStoreMigrations, type EventStore, type GlobalPosition } from '@ticketing/event-store';
import { migrate, type Queryable } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { LogEntry, ProjectionLogger } from '../logger.js';
import { projectionMigrations } from '../migrations.js';

export interface ProjectionTestDb extends TestDatabase {
  readonly store: EventStore;
  close(): Promise<void>;
}

/** A fresh database with the event log and checkpoint tables, and the real PostgreSQL event store on it. */
export async function createProjectionTestDb(prefix: string): Promise<ProjectionTestDb> {
  const test = await createTestDatabase(prefix);
  await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
  const store = createEventStore({ db: test.db });
  return {
    ...test,
    store,
    async close() {
      await store.close();
      await test.drop();
    },
  };
}

/** Appends `count` events spread over `streams` streams, `perAppend` at a time; returns the head position. */
export async function appendEvents(store: EventStore, count: number, options: { streams?: number; perAppend?: number; prefix?: string } = {}): Promise<GlobalPosition> {
  const streams = options.streams ?? 5;
  const perAppend = options.perAppend ?? 50;
  let position = 0n;
  for (let done = 0, round = 0; done < count; round++) {
    const size = Math.min(perAppend, count - done);
    const streamId = `${options.prefix ?? 'thing'}-${round % streams}`;
    const events = Array.from({ length: size }, (_, i) => ({
      type: (done + i) % 3 === 0 ? 'ThingCreated' : 'ThingChanged',
      data: { n: done + i },
      metadata: { correlationId: `c-${round}`, causationId: `c-${round}`, occurredAt: '2025-01-01T00:00:00.000Z', actor: 'system:test' },
    }));
    position = (await store.append(streamId, events)).position;
    done += size;
  }
  return position;
}

export async function checkpointOf(db: Queryable, name: string): Promise<bigint | undefined> {
  const { rows } = await db.query<{ position: string }>('select position from projection_checkpoints where name = $1', [name]);
  return rows[0] ? BigInt(rows[0].position) : undefined;
}

/** Rows of an event-rows table and how many distinct events they stand for (equal unless one was applied twice). */
export async function countRows(db: Queryable, table = 'event_rows'): Promise<{ rows: number; distinct: number }> {
  const { rows } = await db.query<{ rows: number; distinct: number }>(
    `select count(*)::int as rows, count(distinct event_id)::int as distinct from "${table}"`,
  );
  return rows[0]!;
}

export function recordingLogger(): ProjectionLogger & { readonly entries: { level: string; entry: LogEntry }[] } {
  const entries: { level: string; entry: LogEntry }[] = [];
  return {
    entries,
    log: (entry) => entries.push({ level: 'info', entry }),
    warn: (entry) => entries.push({ level: 'warn', entry }),
    error: (entry) => entries.push({ level: 'error', entry }),
  };
}
