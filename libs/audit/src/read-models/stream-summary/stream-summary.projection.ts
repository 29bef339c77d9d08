import type { RecordedEvent } from '@ticketing/event-store';
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
};
