import { inTransaction, type Db, type DbClient } from '@ticketing/postgres';
import { LEGACY_HASH_FORMAT, verifyResult, verifyStreamChain, type StoredLink, type StreamHead } from '../hash-chain.js';
import { checkLogLink, LOG_STREAM_ID, LogChainVerifier, type LogHead } from '../log-chain.js';
import { hashedContent } from '../prepare-events.js';
import type { ChainProblem, VerifyResult } from '../port.js';
import { EVENT_COLUMNS, recordedAtText, sealedPersonal, type EventRow } from './event-rows.js';

const STREAMS_PER_QUERY = 200;
const LOG_PAGE = 10_000;

interface VerifiedRow extends EventRow {
  hash_format: number;
  recorded_at_text: string;
}

/**
 * Recomputes the chains from the raw rows, without decrypting anything, and checks each against its head in
 * the streams table. Streams known to either table are checked, so a stream whose events were all deleted, or
 * events without a head, show up too. The whole log (no `streamId`) is also checked against its log chain,
 * which sees what no stream can: a stream cut short with its head moved back, or removed with its head.
 */
export function verifyPostgresChain(db: Db, streamId?: string, onProgress?: (done: number, total: number) => void): Promise<VerifyResult> {
  // One snapshot for every read: appends committed meanwhile would otherwise look like events beyond a head.
  return inTransaction(db, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    // the whole log is read twice, by stream and then in log order: progress counts both passes
    const total = onProgress && streamId === undefined ? 2 * (await eventCount(client)) : 0;
    const progress = onProgress && total > 0 ? onProgress : undefined;
    const streams = await verifyStreams(client, streamId, progress && ((done) => progress(done, total)));
    if (streamId !== undefined) {
      // An event its chain already named (a changed hash breaks both) is named once.
      const named = new Set(streams.problems.map((p) => p.revision));
      const links = (await verifyStreamLogLinks(client, streamId)).filter((p) => !named.has(p.revision));
      return verifyResult(streams.streamsChecked, streams.eventsChecked, [...streams.problems, ...links]);
    }
    const log = await verifyLogChain(client, progress && ((done) => progress(streams.eventsChecked + done, total)));
    return verifyResult(streams.streamsChecked, streams.eventsChecked, [...streams.problems, ...log]);
  });
}

async function eventCount(db: DbClient): Promise<number> {
  const { rows } = await db.query<{ count: string }>('select count(*) as count from events');
  return Number(rows[0]?.count ?? 0);
}

async function verifyStreams(db: DbClient, streamId?: string, onProgress?: (done: number) => void): Promise<VerifyResult> {
  const streamIds = streamId === undefined ? await allStreamIds(db) : await knownStreamIds(db, streamId);
  const problems: ChainProblem[] = [];
  let eventsChecked = 0;
  for (let start = 0; start < streamIds.length; start += STREAMS_PER_QUERY) {
    const chunk = streamIds.slice(start, start + STREAMS_PER_QUERY);
    const heads = await db.query<{ stream_id: string; revision: number; last_hash: string }>(
      'select stream_id, revision, last_hash from streams where stream_id = any($1::text[])',
      [chunk],
    );
    const rows = await db.query<VerifiedRow>(
      `select ${EVENT_COLUMNS}, hash_format, ${recordedAtText('recorded_at')} as recorded_at_text
       from events where stream_id = any($1::text[]) order by stream_id, revision, position`,
      [chunk],
    );
    const headOf = new Map<string, StreamHead>(heads.rows.map((h) => [h.stream_id, { revision: h.revision, lastHash: h.last_hash }]));
    const linksOf = new Map<string, StoredLink[]>();
    for (const row of rows.rows) {
      const links = linksOf.get(row.stream_id) ?? [];
      links.push(toLink(row));
      linksOf.set(row.stream_id, links);
    }
    for (const id of chunk) {
      const links = linksOf.get(id) ?? [];
      eventsChecked += links.length;
      problems.push(...verifyStreamChain(id, links, headOf.get(id) ?? null));
    }
    onProgress?.(eventsChecked);
  }
  return verifyResult(streamIds.length, eventsChecked, problems);
}

/** Each event is hashed again in the format it was written with (hash-chain.ts, HASH_FORMAT). */
function toLink(row: VerifiedRow): StoredLink {
  const event = { id: row.id, type: row.type, data: row.data, metadata: row.metadata, personal: sealedPersonal(row) };
  const recordedAt = row.hash_format === LEGACY_HASH_FORMAT ? undefined : row.recorded_at_text;
  return {
    content: hashedContent(row.stream_id, row.revision, event, recordedAt),
    hash: row.hash,
    previousHash: row.previous_hash,
    position: BigInt(row.position),
  };
}

async function allStreamIds(db: DbClient): Promise<string[]> {
  const { rows } = await db.query<{ stream_id: string }>(
    'select stream_id from streams union select distinct stream_id from events order by 1',
  );
  return rows.map((row) => row.stream_id);
}

async function knownStreamIds(db: DbClient, streamId: string): Promise<string[]> {
  const { rows } = await db.query(
    'select 1 from streams where stream_id = $1 union all (select 1 from events where stream_id = $1 limit 1)',
    [streamId],
  );
  return rows.length > 0 ? [streamId] : [];
}

/** Every event in position order, a page at a time, through the log chain (log-chain.ts). */
async function verifyLogChain(db: DbClient, onProgress?: (done: number) => void): Promise<ChainProblem[]> {
  const head = await db.query<{ position: string; log_hash: string; chained_after: string; anchor: string }>(
    'select position, log_hash, chained_after, anchor from event_log',
  );
  const row = head.rows[0];
  if (!row) return [{ streamId: LOG_STREAM_ID, revision: -1, kind: 'removed', detail: 'the log head (table event_log) has no row' }];
  const logHead: LogHead = { position: BigInt(row.position), logHash: row.log_hash, chainedAfter: BigInt(row.chained_after), anchor: row.anchor };
  const verifier = new LogChainVerifier(logHead);
  let done = 0;
  for (let after = '0'; ; ) {
    const { rows } = await db.query<{ position: string; stream_id: string; revision: number; hash: string; hash_format: number; log_hash: string | null }>(
      'select position, stream_id, revision, hash, hash_format, log_hash from events where position > $1 order by position limit $2',
      [after, LOG_PAGE],
    );
    verifier.check(
      rows.map((r) => ({ position: BigInt(r.position), streamId: r.stream_id, revision: r.revision, hash: r.hash, hashFormat: r.hash_format, logHash: r.log_hash })),
    );
    done += rows.length;
    onProgress?.(done);
    if (rows.length < LOG_PAGE) return verifier.finish();
    after = rows.at(-1)!.position;
  }
}

/** One stream's events in the log chain, each against the event right before it (the anchor at the chain's start). */
async function verifyStreamLogLinks(db: DbClient, streamId: string): Promise<ChainProblem[]> {
  const { rows } = await db.query<{ position: string; revision: number; hash: string; hash_format: number; log_hash: string | null; previous_link: string | null }>(
    `select e.position, e.revision, e.hash, e.hash_format, e.log_hash,
            case when e.position - 1 = l.chained_after then l.anchor else p.log_hash end as previous_link
     from events e cross join event_log l left join events p on p.position = e.position - 1
     where e.stream_id = $1 and e.position > l.chained_after and (p.position is not null or e.position - 1 = l.chained_after)
     order by e.position`,
    [streamId],
  );
  return rows.flatMap((r) => {
    const entry = { position: BigInt(r.position), streamId, revision: r.revision, hash: r.hash, hashFormat: r.hash_format, logHash: r.log_hash };
    return checkLogLink(entry, r.previous_link) ?? [];
  });
}
