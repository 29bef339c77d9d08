import type { Db } from '@ticketing/postgres';
import { verifyResult, verifyStreamChain, type StoredLink, type StreamHead } from '../hash-chain.js';
import { hashedContent } from '../prepare-events.js';
import type { ChainProblem, VerifyResult } from '../port.js';
import { EVENT_COLUMNS, sealedPersonal, type EventRow } from './event-rows.js';

const STREAMS_PER_QUERY = 200;

/**
 * Recomputes the chains from the raw rows, without decrypting anything, and checks each against its head in
 * the streams table. Streams known to either table are checked, so a stream whose events were all deleted, or
 * events without a head, show up too.
 */
export async function verifyPostgresChain(db: Db, streamId?: string): Promise<VerifyResult> {
  const streamIds = streamId === undefined ? await allStreamIds(db) : await knownStreamIds(db, streamId);
  const problems: ChainProblem[] = [];
  let eventsChecked = 0;
  for (let start = 0; start < streamIds.length; start += STREAMS_PER_QUERY) {
    const chunk = streamIds.slice(start, start + STREAMS_PER_QUERY);
    const heads = await db.query<{ stream_id: string; revision: number; last_hash: string }>(
      'select stream_id, revision, last_hash from streams where stream_id = any($1::text[])',
      [chunk],
    );
    const rows = await db.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where stream_id = any($1::text[]) order by stream_id, revision, position`,
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
  }
  return verifyResult(streamIds.length, eventsChecked, problems);
}

function toLink(row: EventRow): StoredLink {
  const event = { id: row.id, type: row.type, data: row.data, metadata: row.metadata, personal: sealedPersonal(row) };
  return {
    content: hashedContent(row.stream_id, row.revision, event),
    hash: row.hash,
    previousHash: row.previous_hash,
    position: BigInt(row.position),
  };
}

async function allStreamIds(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ stream_id: string }>(
    'select stream_id from streams union select distinct stream_id from events order by 1',
  );
  return rows.map((row) => row.stream_id);
}

async function knownStreamIds(db: Db, streamId: string): Promise<string[]> {
  const { rows } = await db.query(
    'select 1 from streams where stream_id = $1 union all (select 1 from events where stream_id = $1 limit 1)',
    [streamId],
  );
  return rows.length > 0 ? [streamId] : [];
}
