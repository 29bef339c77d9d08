import { arrayLiteral, jsonArrayOf, type DbClient } from '@ticketing/postgres';
import { assertExpectedRevision, NO_EVENTS } from '../expected-revision.js';
import { GENESIS_HASH, HASH_FORMAT } from '../hash-chain.js';
import { chainEvents, type ChainedEvent, type PreparedStreamAppend } from '../prepare-events.js';
import { START, type AppendResult, type InlineProjector, type MultiAppendResult } from '../port.js';
import { APPENDED_CHANNEL } from './append-events.js';
import { recordedAtText } from './event-rows.js';

interface LockedHead {
  stream_id: string;
  revision: number;
  last_hash: string;
  /** Position of the stream's last event; asked for check-only streams alone (it is a look-up per stream). */
  position: string | null;
  /** now() of the transaction as hash format 2 covers it (the same in every row). */
  recorded_at: string;
}

/**
 * appendEvents (see there, and its comment on the append lock) for several streams in one transaction, with
 * the same statements whatever the number of streams: create-or-lock every head, check every expectation,
 * chain, then move every head and insert every event under the append lock in one statement. A check fails
 * the whole transaction, so nothing of any stream is kept. Four round trips when every stream is written
 * (begin, heads, heads and events, commit).
 *
 * Deadlocks: stream rows are created or locked in stream_id order (sorted by PostgreSQL in SQL, so by the
 * column's collation, never in JavaScript). Two multi-appends over overlapping streams therefore queue on the
 * first row they share instead of each holding one the other wants. A call that only checks some streams
 * (given no events) creates the written ones first and then locks all of them in one sorted statement, so
 * the two sets never take their locks in two separate runs. The one crossing left: such a call and an
 * all-written call that both create the same new stream can each wait for the other; PostgreSQL then fails
 * one of them whole (a deadlock error, nothing written), and neither shape of call does that on the rush path.
 */
export async function appendToStreams(client: DbClient, appends: readonly PreparedStreamAppend[], inline?: InlineProjector): Promise<MultiAppendResult> {
  const writing = appends.filter((append) => append.events.length > 0);
  const heads = new Map((writing.length === appends.length ? await upsertHeads(client, writing) : await createThenLockHeads(client, appends, writing)).map((row) => [row.stream_id, row]));

  // In the order given, so the error names the first stream that fails.
  for (const { streamId, expectedRevision } of appends) {
    assertExpectedRevision(streamId, expectedRevision, heads.get(streamId)?.revision ?? NO_EVENTS);
  }
  if (writing.length === 0) return checkedOnly(appends, heads);

  const chains = writing.map(({ streamId, events }) => {
    const head = heads.get(streamId)!;
    return chainEvents(streamId, events, head.revision, head.last_hash, head.recorded_at);
  });
  const rows = writing.flatMap(({ streamId }, index) => chains[index]!.map((event) => ({ streamId, event })));
  // Before the append lock: the rows need no position, and the lock section stays the insert and the commit.
  const projectedInline = inline
    ? await inline(client, rows.map(({ streamId, event }) => ({ streamId, revision: event.revision, type: event.type, data: event.data, metadata: event.metadata })))
    : undefined;
  const lasts = chains.map((chain) => chain.at(-1)!);
  const recordedAt = heads.get(writing[0]!.streamId)!.recorded_at;
  const positions = await moveHeadsAndInsert(client, writing.map(({ streamId }, index) => ({ streamId, last: lasts[index]! })), rows, recordedAt);
  const written = new Map(writing.map(({ streamId }, index) => [streamId, lasts[index]!.revision]));
  const streams = appends.map(({ streamId }): AppendResult => {
    const revision = written.get(streamId);
    if (revision === undefined) return checkedResult(heads.get(streamId));
    return { nextExpectedRevision: revision, position: positions.get(streamId)! };
  });
  return { streams, position: maxPosition(streams), ...(projectedInline === undefined ? {} : { projectedInline }) };
}

/**
 * Every stream is written: create the missing heads and lock the existing ones in one statement. A conflict
 * that updates (to the same values) locks the row as `for update` would and returns it, waiting first for a
 * concurrent append of that stream to end.
 */
async function upsertHeads(client: DbClient, writing: readonly PreparedStreamAppend[]): Promise<LockedHead[]> {
  const { rows } = await client.query<LockedHead>({
    name: 'event-store-upsert-heads',
    text: `insert into streams as s (stream_id, revision, last_hash)
           select stream_id, $2, $3 from unnest($1::text[]) as stream_id order by stream_id
           on conflict (stream_id) do update set revision = s.revision
           returning s.stream_id, s.revision, s.last_hash, null::bigint as position, ${recordedAtText('now()')} as recorded_at`,
    values: [writing.map((append) => append.streamId), NO_EVENTS, GENESIS_HASH],
  });
  return rows;
}

/** Some streams are only checked: those are not created (a stream row always has events once committed). */
async function createThenLockHeads(client: DbClient, appends: readonly PreparedStreamAppend[], writing: readonly PreparedStreamAppend[]): Promise<LockedHead[]> {
  if (writing.length > 0) {
    await client.query({
      name: 'event-store-create-streams',
      text: `insert into streams (stream_id, revision, last_hash)
             select stream_id, $2, $3 from unnest($1::text[]) as stream_id order by stream_id
             on conflict do nothing`,
      values: [writing.map((append) => append.streamId), NO_EVENTS, GENESIS_HASH],
    });
  }
  const { rows } = await client.query<LockedHead>({
    name: 'event-store-lock-streams',
    text: `select stream_id, revision, last_hash,
              case when stream_id = any($2::text[])
                then (select e.position from events e where e.stream_id = s.stream_id and e.revision = s.revision) end as position,
              ${recordedAtText('now()')} as recorded_at
           from streams s where stream_id = any($1::text[]) order by stream_id for update of s`,
    values: [appends.map((append) => append.streamId), appends.filter((append) => append.events.length === 0).map((a) => a.streamId)],
  });
  return rows;
}

/**
 * Moves every head and inserts all events of the call, in the order given, in one statement. The append lock
 * (event_log's row, taken by event_store_take_positions) is taken in the same statement, as in appendEvents,
 * so the lock section is this round trip and the commit's; the heads are locked already, so moving them
 * inside it waits for nothing. One NOTIFY per transaction is enough: it only wakes subscribers, who then read
 * everything after their checkpoint.
 */
async function moveHeadsAndInsert(
  client: DbClient,
  heads: readonly { streamId: string; last: ChainedEvent }[],
  rows: readonly { streamId: string; event: ChainedEvent }[],
  recordedAt: string,
): Promise<Map<string, bigint>> {
  const inserted = await client.query<{ stream_id: string; position: string }>({
    name: 'event-store-move-heads-insert-events',
    text: `with head as (
         update streams s set revision = h.revision, last_hash = h.hash
         from unnest($12::text[], $13::int[], $14::text[]) as h(stream_id, revision, hash)
         where s.stream_id = h.stream_id
         returning s.stream_id),
       woken as materialized (select pg_notify($15, min(stream_id)) from head)
     insert into events (position, stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext,
                         hash, previous_hash, hash_format, recorded_at, log_hash)
     select p.taken_position, e.stream_id, e.revision, e.id, e.type, e.data::json, e.metadata::json, e.subject_id, e.ciphertext,
            e.hash, e.previous_hash, ${HASH_FORMAT}, $11::timestamptz, p.taken_log_hash
     from woken, event_store_take_positions($9::text[]) with ordinality as p(taken_position, taken_log_hash, ord)
       join rows from (unnest($1::text[]), unnest($2::int[]), unnest($3::uuid[]), unnest($4::text[]), jsonb_array_elements($5::jsonb),
                       jsonb_array_elements($6::jsonb), unnest($7::text[]), unnest($8::bytea[]), unnest($9::text[]), unnest($10::text[]))
         with ordinality as e(stream_id, revision, id, type, data, metadata, subject_id, ciphertext, hash, previous_hash, ord) on e.ord = p.ord
     order by e.ord
     returning stream_id, position`,
    values: [
      arrayLiteral(rows.map((row) => row.streamId)),
      arrayLiteral(rows.map((row) => row.event.revision)),
      arrayLiteral(rows.map((row) => row.event.id)),
      arrayLiteral(rows.map((row) => row.event.type)),
      jsonArrayOf(rows.map((row) => row.event.dataJson)),
      jsonArrayOf(rows.map((row) => row.event.metadataJson)),
      arrayLiteral(rows.map((row) => row.event.personal?.subjectId ?? null)),
      arrayLiteral(rows.map((row) => row.event.personal?.ciphertext ?? null)),
      arrayLiteral(rows.map((row) => row.event.hash)),
      arrayLiteral(rows.map((row) => row.event.previousHash)),
      recordedAt,
      arrayLiteral(heads.map((head) => head.streamId)),
      arrayLiteral(heads.map((head) => head.last.revision)),
      arrayLiteral(heads.map((head) => head.last.hash)),
      APPENDED_CHANNEL,
    ],
  });
  const last = new Map<string, bigint>();
  for (const row of inserted.rows) {
    const position = BigInt(row.position);
    if (position > (last.get(row.stream_id) ?? START)) last.set(row.stream_id, position);
  }
  return last;
}

/** A stream given no events reports where it stands, as an empty append does. */
function checkedResult(head: LockedHead | undefined): AppendResult {
  return { nextExpectedRevision: head?.revision ?? NO_EVENTS, position: BigInt(head?.position ?? START) };
}

function checkedOnly(appends: readonly PreparedStreamAppend[], heads: ReadonlyMap<string, LockedHead>): MultiAppendResult {
  const streams = appends.map(({ streamId }) => checkedResult(heads.get(streamId)));
  return { streams, position: maxPosition(streams) };
}

function maxPosition(streams: readonly AppendResult[]): bigint {
  return streams.reduce((max, stream) => (stream.position > max ? stream.position : max), START);
}
