import type { Queryable } from '@ticketing/postgres';
import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { STREAM_SUMMARY_TABLE, type StreamSummaryRow } from './stream-summary.projection.js';

interface Row {
  stream_id: string;
  category: string;
  revision: number;
  first_event_at: Date;
  last_event_at: Date;
  last_event_type: string;
  event_count: number;
}

/** Streams of one category (or all), most recently changed first. */
export async function listStreamSummaries(
  db: Queryable,
  options: { category?: string; limit?: number; schema?: string } = {},
): Promise<StreamSummaryRow[]> {
  const table = `${quoteIdent(options.schema ?? LIVE_SCHEMA)}.${quoteIdent(STREAM_SUMMARY_TABLE)}`;
  const { rows } = await db.query<Row>(
    `select * from ${table} where $1::text is null or category = $1 order by last_event_at desc, stream_id limit $2`,
    [options.category ?? null, options.limit ?? 100],
  );
  return rows.map((r) => ({
    streamId: r.stream_id,
    category: r.category,
    revision: r.revision,
    firstEventAt: r.first_event_at,
    lastEventAt: r.last_event_at,
    lastEventType: r.last_event_type,
    eventCount: r.event_count,
  }));
}
