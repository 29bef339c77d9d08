import { arrayLiteral, jsonArrayOf, type DbClient } from '@ticketing/postgres';
import { assertExpectedRevision, NO_EVENTS } from '../expected-revision.js';
import { GENESIS_HASH, HASH_FORMAT } from '../hash-chain.js';
import { chainEvents, type PreparedEvent } from '../prepare-events.js';
import { START, type AppendResult, type ExpectedRevision } from '../port.js';
import { recordedAtText } from './event-rows.js';

/** NOTIFY channel that wakes live subscribers after a commit. */
export const APPENDED_CHANNEL = 'event_store_appended';

/**
 * Appends to one stream inside the caller's transaction (the caller commits). Why the global lock: if
 * positions were taken in one order and committed in another (a sequence hands out numbers in call order),
 * append A could take position 10, append B position 11, and B commit first: a reader then sees 11, moves its
 * checkpoint past 10, and never sees A. So positions are taken under one lock held until commit, the row lock
 * of `event_log` (event_store_take_positions in migrations.ts): PostgreSQL makes a commit visible before it
 * releases the transaction's locks, so once the next append holds the row, everything below its positions is
 * already visible, and its `for update` reads the row as the last commit left it. Readers can trust
 * `position > checkpoint`.
 *
 * The same row holds the last position and the log chain's head, so positions are gapless: a rolled-back
 * append gives its positions back with its update of the row, and a crash loses no cached sequence values.
 * A missing position after the chain began is therefore a removed event, never an accident (log-chain.ts).
 *
 * The price is that appends commit one at a time; everything that does not need the lock (encryption,
 * hashing, the stream row lock and revision check, the stream head update) happens before it, so the lock
 * covers only the insert (with its per-event log link, one SHA-256 in SQL) and the commit.
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
  // The time the events are recorded at comes along: hash format 2 covers it, so it is needed before the insert.
  const head = await client.query<{ revision: number; last_hash: string; recorded_at: string }>({
    name: 'event-store-lock-stream',
    text: `select revision, last_hash, ${recordedAtText('now()')} as recorded_at from streams where stream_id = $1 for update`,
    values: [streamId],
  });
  const current = head.rows[0]!;
  assertExpectedRevision(streamId, expected, current.revision);

  const chained = chainEvents(streamId, events, current.revision, current.last_hash, current.recorded_at);
  const last = chained.at(-1)!;
  // The NOTIFY is delivered at commit only, so a woken subscriber always finds the events.
  await client.query({
    name: 'event-store-move-head',
    text: `with head as (update streams set revision = $2, last_hash = $3 where stream_id = $1 returning stream_id)
           select pg_notify($4, stream_id) from head`,
    values: [streamId, last.revision, last.hash, APPENDED_CHANNEL],
  });

  // Lock and insert in one statement: the lock section is then this round trip and the commit's. The lock is
  // event_log's row, taken by event_store_take_positions (migrations.ts) before it hands out any position.
  const inserted = await client.query<{ position: string }>({
    name: 'event-store-insert-events',
    text: `insert into events (position, stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext,
                         hash, previous_hash, hash_format, recorded_at, log_hash)
     select p.taken_position, $1, e.revision, e.id, e.type, e.data::json, e.metadata::json, e.subject_id, e.ciphertext,
            e.hash, e.previous_hash, ${HASH_FORMAT}, $11::timestamptz, p.taken_log_hash
     from event_store_take_positions($9::text[]) with ordinality as p(taken_position, taken_log_hash, ord)
       join rows from (unnest($2::int[]), unnest($3::uuid[]), unnest($4::text[]), jsonb_array_elements($5::jsonb), jsonb_array_elements($6::jsonb),
                       unnest($7::text[]), unnest($8::bytea[]), unnest($9::text[]), unnest($10::text[]))
         with ordinality as e(revision, id, type, data, metadata, subject_id, ciphertext, hash, previous_hash, ord) on e.ord = p.ord
     order by e.ord
     returning position`,
    values: [
      streamId,
      arrayLiteral(chained.map((e) => e.revision)),
      arrayLiteral(chained.map((e) => e.id)),
      arrayLiteral(chained.map((e) => e.type)),
      jsonArrayOf(chained.map((e) => e.dataJson)),
      jsonArrayOf(chained.map((e) => e.metadataJson)),
      arrayLiteral(chained.map((e) => e.personal?.subjectId ?? null)),
      arrayLiteral(chained.map((e) => e.personal?.ciphertext ?? null)),
      arrayLiteral(chained.map((e) => e.hash)),
      arrayLiteral(chained.map((e) => e.previousHash)),
      current.recorded_at,
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
