import type { EventStore, RecordedEvent } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { isSharedStream, mentions } from '../../queries/order-story/order-links.js';
import { isOrderIdShaped, ORDER_MENTIONS_TABLE, orderMentionsProjection } from './order-mentions.projection.js';

/**
 * How many events behind the log's head the index may be and still be used: the events after its checkpoint are
 * read from the log (one read) and filtered. Further behind (a rebuild under way, a process that has not run the
 * projection yet) the story reads the shared streams whole, as it did before the index. Counted in events, not
 * positions: a KurrentDB position is a byte offset.
 */
export const MAX_TAIL = 1_000;

/** Where the order's shared streams name it. */
export interface MentionsOf {
  /** The events of one shared stream that name the order, in revision order. */
  of(streamId: string): Promise<RecordedEvent[]>;
  /** The shared streams that name the order: for an order whose own stream is not written yet, the inventory of the hold that opened it. */
  streams(): Promise<string[]>;
}

interface Row {
  stream_id: string;
  revision: number;
}

/**
 * Reads, for one order, the events of its shared streams that name it: from the order-mentions index up to the
 * index's checkpoint, from the log's tail after it. Null when the index cannot answer for this order (its tables
 * are of another version, it is more than MAX_TAIL behind, or the id is not one an order can have).
 */
export async function indexedMentions(db: Queryable, store: EventStore, orderId: string, schema = LIVE_SCHEMA): Promise<MentionsOf | null> {
  if (!isOrderIdShaped(orderId)) return null;
  const checkpoint = await db.query<{ position: string; version: number }>('select position, version from projection_checkpoints where name = $1', [orderMentionsProjection.name]);
  const row = checkpoint.rows[0];
  if (!row || row.version !== orderMentionsProjection.version) return null;
  const indexedTo = BigInt(row.position);
  const tail = await store.readAll({ after: indexedTo, maxCount: MAX_TAIL + 1 });
  if (tail.length > MAX_TAIL) return null;

  const table = `${quoteIdent(schema)}.${quoteIdent(ORDER_MENTIONS_TABLE)}`;
  const tailNaming = tail.filter((e) => isSharedStream(e.streamId) && mentions(e.data, orderId));
  return {
    of: async (streamId) => {
      // the index's rows are committed with its checkpoint: every row at or before it is there
      const { rows } = await db.query<Row>(`select stream_id, revision from ${table} where order_id = $1 and stream_id = $2 and position <= $3 order by position`, [orderId, streamId, indexedTo.toString()]);
      const indexed = await readRevisions(store, streamId, rows.map((r) => r.revision));
      return [...indexed, ...tailNaming.filter((e) => e.streamId === streamId)];
    },
    streams: async () => {
      const { rows } = await db.query<{ stream_id: string }>(`select distinct stream_id from ${table} where order_id = $1 and position <= $2 order by stream_id`, [orderId, indexedTo.toString()]);
      return [...new Set([...rows.map((r) => r.stream_id), ...tailNaming.map((e) => e.streamId)])];
    },
  };
}

/** Those revisions of a stream, one read per run of consecutive revisions. */
async function readRevisions(store: EventStore, streamId: string, revisions: readonly number[]): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let i = 0; i < revisions.length; ) {
    let j = i + 1;
    while (j < revisions.length && revisions[j] === revisions[j - 1]! + 1) j++;
    events.push(...(await store.readStream(streamId, { fromRevision: revisions[i]!, maxCount: j - i })));
    i = j;
  }
  return events;
}
