import type { DbClient, Queryable } from '@ticketing/postgres';
import type { HeadLeaf } from './merkle.js';
import { CHECKPOINT_STREAM } from './checkpoint.js';

/**
 * Every stream's head as of a past position, from the events up to it (never the streams table, which only knows
 * the present): what a checkpoint made at that position signed, and what it must still give later.
 */
export async function headsAt(db: Queryable, position: bigint): Promise<HeadLeaf[]> {
  const { rows } = await db.query<{ stream_id: string; revision: number; hash: string }>(
    'select distinct on (stream_id) stream_id, revision, hash from events where position <= $1 order by stream_id, position desc',
    [String(position)],
  );
  return rows.map((row) => ({ streamId: row.stream_id, revision: row.revision, hash: row.hash }));
}

/** The log's end as its head row (event_log) records it: last position and the log chain's link there. */
export async function logHead(db: Queryable): Promise<{ position: bigint; logHash: string; time: string }> {
  const { rows } = await db.query<{ position: string; log_hash: string; time: string }>(
    `select position, log_hash, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time from event_log`,
  );
  const row = rows[0];
  if (!row) throw new Error('the log has no head row (event_log): checkpoints need the PostgreSQL log with its log chain');
  return { position: BigInt(row.position), logHash: row.log_hash, time: row.time };
}

/** Position of the newest checkpoint in the log, 0 when there is none. */
export async function lastCheckpointPosition(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ position: string | null }>(
    "select data->>'position' as position from events where stream_id = $1 order by revision desc limit 1",
    [CHECKPOINT_STREAM],
  );
  return BigInt(rows[0]?.position ?? 0);
}

/** `[position, hash]` of every event in (after, upTo], or null with their number when there are more than `max`. */
export async function eventHashesBetween(db: DbClient, after: bigint, upTo: bigint, max: number): Promise<{ hashes: [string, string][] | null; count: number }> {
  const counted = await db.query<{ count: string }>('select count(*) as count from events where position > $1 and position <= $2', [String(after), String(upTo)]);
  const count = Number(counted.rows[0]?.count ?? 0);
  if (count > max) return { hashes: null, count };
  const { rows } = await db.query<{ position: string; hash: string }>(
    'select position, hash from events where position > $1 and position <= $2 order by position',
    [String(after), String(upTo)],
  );
  return { hashes: rows.map((row) => [row.position, row.hash]), count };
}
