import type { DbClient } from '@ticketing/postgres';
import { assertExpectedRevision, NO_EVENTS } from '../expected-revision.js';
import { GENESIS_HASH } from '../hash-chain.js';
import { chainEvents, type PreparedEvent } from '../prepare-events.js';
import { START, type AppendResult, type ExpectedRevision } from '../port.js';

/**
 * Taken by every append just before it assigns global positions, held until its commit. Any constant works;
 * advisory locks are per database, so it only has to be the same for every process writing this log.
 */
export const APPEND_LOCK_KEY = 7_246_101;

/** NOTIFY channel that wakes live subscribers after a commit. */
export const APPENDED_CHANNEL = 'event_store_appended';

/**
 * Appends to one stream inside the caller's transaction (the caller commits). Why the global lock: positions
 * come from a sequence, and a sequence hands out numbers in call order, not commit order. Without the lock,
 * append A can take position 10, append B position 11, and B commit first: a reader then sees 11, moves its
 * checkpoint past 10, and never sees A. Holding one transaction-scoped advisory lock from "take positions"
 * until commit makes position order and commit order the same: PostgreSQL makes a commit visible before it
 * releases the transaction's locks, so once the next append can take a position, everything below it is
 * already visible (or rolled back, leaving a harmless hole). Readers can then trust `position > checkpoint`.
 *
 * The price is that appends commit one at a time; everything that does not need the lock (encryption,
 * hashing, the stream row lock and revision check, the stream head update) happens before it, so the lock
 * covers only the insert and the commit.
 */
export async function appendEvents(
  client: DbClient,
  streamId: string,
  events: readonly PreparedEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) return checkOnly(client, streamId, expected);

  // Insert-if-missing then lock: two first appends to a new stream meet on the primary key and the second one
  // waits for the first, then sees its revision, so `no_stream` holds for exactly one of them.
  await client.query({
    name: 'event-store-create-stream',
    text: 'insert into streams (stream_id, revision, last_hash) values ($1, $2, $3) on conflict do nothing',
    values: [streamId, NO_EVENTS, GENESIS_HASH],
  });
  const head = await client.query<{ revision: number; last_hash: string }>({
    name: 'event-store-lock-stream',
    text: 'select revision, last_hash from streams where stream_id = $1 for update',
    values: [streamId],
  });
  const current = head.rows[0]!;
  assertExpectedRevision(streamId, expected, current.revision);

  const chained = chainEvents(streamId, events, current.revision, current.last_hash);
  const last = chained.at(-1)!;
  // The NOTIFY is delivered at commit only, so a woken subscriber always finds the events.
  await client.query({
    name: 'event-store-move-head',
    text: `with head as (update streams set revision = $2, last_hash = $3 where stream_id = $1 returning stream_id)
           select pg_notify($4, stream_id) from head`,
    values: [streamId, last.revision, last.hash, APPENDED_CHANNEL],
  });

  // Lock and insert in one statement: the lock section is then this round trip and the commit's. The CTE is
  // materialized and joined with every inserted row, so the lock is held before the first row is produced,
  // and the identity default (nextval) is only evaluated for produced rows.
  const inserted = await client.query<{ position: string }>({
    name: 'event-store-insert-events',
    text: `with append_lock as materialized (select pg_advisory_xact_lock($11))
     insert into events (stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext, hash, previous_hash)
     select $1, e.revision, e.id, e.type, e.data::jsonb, e.metadata::jsonb, e.subject_id, e.ciphertext, e.hash, e.previous_hash
     from append_lock,
       unnest($2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bytea[], $9::text[], $10::text[])
         with ordinality as e(revision, id, type, data, metadata, subject_id, ciphertext, hash, previous_hash, ord)
     order by e.ord
     returning position`,
    values: [
      streamId,
      chained.map((e) => e.revision),
      chained.map((e) => e.id),
      chained.map((e) => e.type),
      chained.map((e) => e.dataJson),
      chained.map((e) => e.metadataJson),
      chained.map((e) => e.personal?.subjectId ?? null),
      chained.map((e) => e.personal?.ciphertext ?? null),
      chained.map((e) => e.hash),
      chained.map((e) => e.previousHash),
      APPEND_LOCK_KEY,
    ],
  });
  const position = inserted.rows.reduce((max, row) => (BigInt(row.position) > max ? BigInt(row.position) : max), START);
  return { nextExpectedRevision: last.revision, position };
}

/** An append of nothing checks the expectation and reports where the stream stands. */
async function checkOnly(client: DbClient, streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
  const { rows } = await client.query<{ revision: number | null; position: string | null }>(
    `select (select revision from streams where stream_id = $1) as revision,
            (select max(position) from events where stream_id = $1) as position`,
    [streamId],
  );
  const revision = rows[0]?.revision ?? NO_EVENTS;
  assertExpectedRevision(streamId, expected, revision);
  return { nextExpectedRevision: revision, position: BigInt(rows[0]?.position ?? START) };
}
