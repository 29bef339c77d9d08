import type { DbClient } from '@ticketing/postgres';
import { assertExpectedRevision, NO_EVENTS } from '../expected-revision.js';
import { GENESIS_HASH } from '../hash-chain.js';
import { chainEvents, type ChainedEvent, type PreparedStreamAppend } from '../prepare-events.js';
import { START, type AppendResult, type MultiAppendResult } from '../port.js';
import { APPEND_LOCK_KEY, APPENDED_CHANNEL } from './append-events.js';

interface LockedHead {
  stream_id: string;
  revision: number;
  last_hash: string;
  /** Position of the stream's last event; asked for check-only streams alone (it is a look-up per stream). */
  position: string | null;
}

/**
 * appendEvents (see there, and its comment on the append lock) for several streams in one transaction, with
 * the same statements whatever the number of streams: create the missing stream rows, lock every head, check
 * every expectation, chain, move every head, insert every event under the append lock. A check fails the whole
 * transaction, so nothing of any stream is kept.
 *
 * Deadlocks: stream rows are created, then locked, in stream_id order (sorted by PostgreSQL in SQL, so by the
 * column's collation, never in JavaScript). Two multi-appends over overlapping streams therefore queue on the
 * first row they share instead of each holding one the other wants. The creations cannot cross the locks
 * either: whoever locks a row has finished creating its own, and waits only for others that have too.
 */
export async function appendToStreams(client: DbClient, appends: readonly PreparedStreamAppend[]): Promise<MultiAppendResult> {
  const writing = appends.filter((append) => append.events.length > 0);
  // Check-only streams are not created: a stream row always has events once committed.
  if (writing.length > 0) {
    await client.query({
      name: 'event-store-create-streams',
      text: `insert into streams (stream_id, revision, last_hash)
             select stream_id, $2, $3 from unnest($1::text[]) as stream_id order by stream_id
             on conflict do nothing`,
      values: [writing.map((append) => append.streamId), NO_EVENTS, GENESIS_HASH],
    });
  }
  const locked = await client.query<LockedHead>({
    name: 'event-store-lock-streams',
    text: `select stream_id, revision, last_hash,
              case when stream_id = any($2::text[])
                then (select e.position from events e where e.stream_id = s.stream_id and e.revision = s.revision) end as position
           from streams s where stream_id = any($1::text[]) order by stream_id for update of s`,
    values: [appends.map((append) => append.streamId), appends.filter((append) => append.events.length === 0).map((a) => a.streamId)],
  });
  const heads = new Map(locked.rows.map((row) => [row.stream_id, row]));

  // In the order given, so the error names the first stream that fails.
  for (const { streamId, expectedRevision } of appends) {
    assertExpectedRevision(streamId, expectedRevision, heads.get(streamId)?.revision ?? NO_EVENTS);
  }
  if (writing.length === 0) return checkedOnly(appends, heads);

  const chains = writing.map(({ streamId, events }) => {
    const head = heads.get(streamId)!;
    return chainEvents(streamId, events, head.revision, head.last_hash);
  });
  const lasts = chains.map((chain) => chain.at(-1)!);
  // One NOTIFY per transaction is enough: it only wakes subscribers, who then read everything after their checkpoint.
  await client.query({
    name: 'event-store-move-heads',
    text: `with head as (
             update streams s set revision = h.revision, last_hash = h.hash
             from unnest($1::text[], $2::int[], $3::text[]) as h(stream_id, revision, hash)
             where s.stream_id = h.stream_id
             returning s.stream_id)
           select pg_notify($4, min(stream_id)) from head`,
    values: [writing.map((append) => append.streamId), lasts.map((e) => e.revision), lasts.map((e) => e.hash), APPENDED_CHANNEL],
  });

  const positions = await insertEvents(
    client,
    writing.flatMap(({ streamId }, index) => chains[index]!.map((event) => ({ streamId, event }))),
  );
  const written = new Map(writing.map(({ streamId }, index) => [streamId, lasts[index]!.revision]));
  const streams = appends.map(({ streamId }): AppendResult => {
    const revision = written.get(streamId);
    if (revision === undefined) return checkedResult(heads.get(streamId));
    return { nextExpectedRevision: revision, position: positions.get(streamId)! };
  });
  return { streams, position: maxPosition(streams) };
}

/**
 * All events of the call in one insert, in the order given; the lock is taken in the same statement, as in
 * appendEvents, so the lock section is this round trip and the commit's.
 */
async function insertEvents(client: DbClient, rows: readonly { streamId: string; event: ChainedEvent }[]): Promise<Map<string, bigint>> {
  const inserted = await client.query<{ stream_id: string; position: string }>({
    name: 'event-store-insert-multi-events',
    text: `with append_lock as materialized (select pg_advisory_xact_lock($11))
     insert into events (stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext, hash, previous_hash)
     select e.stream_id, e.revision, e.id, e.type, e.data::jsonb, e.metadata::jsonb, e.subject_id, e.ciphertext, e.hash, e.previous_hash
     from append_lock,
       unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bytea[], $9::text[], $10::text[])
         with ordinality as e(stream_id, revision, id, type, data, metadata, subject_id, ciphertext, hash, previous_hash, ord)
     order by e.ord
     returning stream_id, position`,
    values: [
      rows.map((row) => row.streamId),
      rows.map((row) => row.event.revision),
      rows.map((row) => row.event.id),
      rows.map((row) => row.event.type),
      rows.map((row) => JSON.stringify(row.event.data)),
      rows.map((row) => JSON.stringify(row.event.metadata)),
      rows.map((row) => row.event.personal?.subjectId ?? null),
      rows.map((row) => row.event.personal?.ciphertext ?? null),
      rows.map((row) => row.event.hash),
      rows.map((row) => row.event.previousHash),
      APPEND_LOCK_KEY,
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
