import type { RecordedEvent } from '@ticketing/event-store';
import { arrayLiteral } from '@ticketing/postgres';
import { ANY_EVENT, type Projection, type ProjectionTx } from '@ticketing/projections';

/** One row per stream of the log: what an auditor scans before asking for one stream's history. */
export interface StreamSummaryRow {
  readonly streamId: string;
  /** The stream's kind: its id up to the first '-' (`reservation`, `ticket`, `inventory` ...). */
  readonly category: string;
  /** Revision of the newest event (0-based). */
  readonly revision: number;
  readonly firstEventAt: Date;
  readonly lastEventAt: Date;
  readonly lastEventType: string;
  readonly eventCount: number;
}

export const STREAM_SUMMARY_TABLE = 'stream_summary';

export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(STREAM_SUMMARY_TABLE);
  // Times are the log's (recordedAt), not the command's clock: they order like the log does. The
  // `where` makes a repeated event a no-op, so replaying an event twice changes nothing.
  await tx.client.query(
    `insert into ${table} as s (stream_id, category, revision, first_event_at, last_event_at, last_event_type, event_count)
     values ($1, $2, $3, $4, $4, $5, 1)
     on conflict (stream_id) do update
       set revision = excluded.revision, last_event_at = excluded.last_event_at,
           last_event_type = excluded.last_event_type, event_count = s.event_count + 1
     where s.revision < excluded.revision`,
    [event.streamId, categoryOf(event.streamId), event.revision, event.recordedAt, event.type],
  );
}

/**
 * The same rows for a whole batch in one statement: per stream, its first and last event of the batch. The
 * count follows from the revision (a stream's revisions have no gaps), so an overlap could never count twice.
 */
async function applyBatch(events: readonly RecordedEvent[], tx: ProjectionTx): Promise<void> {
  const byStream = new Map<string, { first: RecordedEvent; last: RecordedEvent }>();
  for (const event of events) {
    const seen = byStream.get(event.streamId);
    if (!seen) byStream.set(event.streamId, { first: event, last: event });
    else if (event.revision > seen.last.revision) seen.last = event;
  }
  // A stream whose first event here is its first (revision 0) has no row yet: a page is applied once (the checkpoint
  // moves with it), so those go in with a plain insert, without the upsert's conflict check (about 2 µs of
  // PostgreSQL per row); a stream already seen is moved forward.
  const rows = [...byStream.values()];
  const opened = rows.filter((r) => r.first.revision === 0);
  const moved = rows.filter((r) => r.first.revision !== 0);
  const table = tx.table(STREAM_SUMMARY_TABLE);
  const source = `unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::timestamptz[], $6::timestamptz[], $7::text[])
         as r(stream_id, category, revision, first_revision, first_at, last_at, last_type)`;
  const values = (of: typeof rows) => [
    arrayLiteral(of.map((r) => r.first.streamId)),
    arrayLiteral(of.map((r) => categoryOf(r.first.streamId))),
    arrayLiteral(of.map((r) => r.last.revision)),
    arrayLiteral(of.map((r) => r.first.revision)),
    arrayLiteral(of.map((r) => r.first.recordedAt)),
    arrayLiteral(of.map((r) => r.last.recordedAt)),
    arrayLiteral(of.map((r) => r.last.type)),
  ];
  if (opened.length > 0) {
    await tx.client.query(
      `insert into ${table} (stream_id, category, revision, first_event_at, last_event_at, last_event_type, event_count)
       select r.stream_id, r.category, r.revision, r.first_at, r.last_at, r.last_type, r.revision + 1 from ${source}`,
      values(opened),
    );
  }
  if (moved.length > 0) {
    await tx.client.query(
      `insert into ${table} as s (stream_id, category, revision, first_event_at, last_event_at, last_event_type, event_count)
       select r.stream_id, r.category, r.revision, r.first_at, r.last_at, r.last_type, r.revision - r.first_revision + 1 from ${source}
       on conflict (stream_id) do update
         set revision = excluded.revision, last_event_at = excluded.last_event_at,
             last_event_type = excluded.last_event_type, event_count = s.event_count + (excluded.revision - s.revision)
       where s.revision < excluded.revision`,
      values(moved),
    );
  }
}

export const streamSummaryProjection: Projection = {
  name: 'stream-summary',
  version: 1,
  canHandle: [ANY_EVENT],
  tables: [
    {
      name: STREAM_SUMMARY_TABLE,
      ddl: (s) => `
        create table ${s.table(STREAM_SUMMARY_TABLE)} (
          stream_id text primary key,
          category text not null,
          revision integer not null,
          first_event_at timestamptz not null,
          last_event_at timestamptz not null,
          last_event_type text not null,
          event_count integer not null
        );
        create index on ${s.table(STREAM_SUMMARY_TABLE)} (category, last_event_at desc)`,
    },
  ],
  apply,
  applyBatch,
};
