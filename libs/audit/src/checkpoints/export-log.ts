import { GENESIS_HASH, linkInLog, recordedAtText } from '@ticketing/event-store';
import { inTransaction, type Db, type DbClient } from '@ticketing/postgres';
import { CHECKPOINT_STREAM, toSignedCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import { readCheckpointFile, type CheckpointFileLine } from './checkpoint-file.js';
import { byStreamId } from './merkle.js';
import { headsAt } from './log-at-position.js';
import type { CheckpointSigner } from './signing-key.js';

/** The export's format name and version, in its header line (tools/verify-export/README.md describes them). */
export const EXPORT_FORMAT = 'ticketing-audit-export';
export const EXPORT_VERSION = 1;

/**
 * A bound of the export: a position, or a time (the first event recorded at or after it, the last at or before it).
 * Positions count from 1: `from` 0 is the log's start; a `to` past the log's end is its end.
 */
export type ExportBound = { readonly position: bigint } | { readonly time: string };

/**
 * The `code` of the error thrown when the bounds hold no event (an empty log, `from` past its end, `to` before
 * `from`, a time no event was recorded on that side of): an export of nothing would verify, and mean nothing.
 */
export const EMPTY_EXPORT_RANGE = 'EMPTY_EXPORT_RANGE';

export interface ExportOptions {
  readonly db: Db;
  readonly from?: ExportBound;
  readonly to?: ExportBound;
  /** Its public key goes in the header; the private key is not used. */
  readonly signer: CheckpointSigner;
  /** The checkpoint file: the event hashes of its lines in the range ride along with the log's checkpoints (to name a rewritten event). */
  readonly checkpointFile?: string;
  /** Each line, newline included; awaited, so a slow file holds the export back instead of filling memory. */
  readonly write: (line: string) => Promise<void> | void;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ExportSummary {
  readonly from: bigint;
  readonly to: bigint;
  readonly events: number;
  readonly checkpoints: number;
  /** Without a `to`: the export stopped at the last checkpoint's position, and this many later events are not signed yet. */
  readonly unsigned: bigint;
}

const PAGE = 5_000;

interface ExportRow {
  position: string;
  stream_id: string;
  revision: number;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  personal_subject_id: string | null;
  personal_ciphertext: Buffer | null;
  recorded_at_text: string;
  hash: string;
  previous_hash: string;
  hash_format: number;
  log_hash: string | null;
  has_key: boolean | null;
}

/**
 * Writes the events of [from, to] as JSON lines, in one snapshot: a header (format, public key), a base (the stream
 * heads and the log chain's link just before `from`, which the chains of the exported events continue), then each
 * event as stored (hashes, previous hash, log link; personal data as its ciphertext, marked erased once its key is
 * gone, never decrypted), each checkpoint of the range right after the event at its position. Bounds that hold no
 * event throw (code EMPTY_EXPORT_RANGE) before the first line is written.
 */
export function exportLog(options: ExportOptions): Promise<ExportSummary> {
  return inTransaction(options.db, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    const { from, to, unsigned } = await resolveRange(client, options.from, options.to);
    const base = from - 1n;
    const inRange = (line: CheckpointFileLine) => BigInt(line.position) >= base && BigInt(line.position) <= to;
    const file = options.checkpointFile ? (await readCheckpointFile(options.checkpointFile, { eventHashes: inRange })).filter(inRange) : undefined;
    const checkpoints = await checkpointsBetween(client, base, to, file);
    await options.write(line({ kind: 'header', format: EXPORT_FORMAT, version: EXPORT_VERSION, publicKey: options.signer.publicKeyBase64, keyId: options.signer.keyId, from: String(from), to: String(to), exportedAt: new Date().toISOString() }));
    const heads = (await headsAt(client, base)).sort(byStreamId);
    await options.write(line({ kind: 'base', position: String(base), logHash: await linkAt(client, base), heads: heads.map((h) => [h.streamId, h.revision, h.hash]) }));
    let written = 0;
    const writeCheckpointsAt = async (position: bigint) => {
      for (const checkpoint of checkpoints.get(position) ?? []) {
        await options.write(line({ kind: 'checkpoint', ...checkpoint }));
        written++;
      }
    };
    await writeCheckpointsAt(base);
    const total = Number(to - from + 1n);
    let events = 0;
    for (let after = base; after < to; ) {
      const { rows } = await client.query<ExportRow>(
        `select e.position, e.stream_id, e.revision, e.id, e.type, e.data, e.metadata, e.personal_subject_id, e.personal_ciphertext,
                ${recordedAtText('e.recorded_at')} as recorded_at_text, e.hash, e.previous_hash, e.hash_format, e.log_hash,
                case when e.personal_subject_id is null then null else exists (select 1 from subject_keys k where k.subject_id = e.personal_subject_id) end as has_key
         from events e where e.position > $1 and e.position <= $2 order by e.position limit $3`,
        [String(after), String(to), PAGE],
      );
      for (const row of rows) {
        await options.write(line(eventLine(row)));
        await writeCheckpointsAt(BigInt(row.position));
        after = BigInt(row.position);
      }
      events += rows.length;
      options.onProgress?.(Number(after - base), total);
      if (rows.length < PAGE) break;
    }
    return { from, to, events, checkpoints: written, unsigned };
  });
}

function eventLine(row: ExportRow) {
  return {
    kind: 'event',
    position: row.position,
    streamId: row.stream_id,
    revision: row.revision,
    id: row.id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    personal: row.personal_subject_id === null || row.personal_ciphertext === null
      ? null
      : { subjectId: row.personal_subject_id, ciphertext: row.personal_ciphertext.toString('base64'), erased: row.has_key === false },
    recordedAt: row.recorded_at_text,
    hashFormat: row.hash_format,
    hash: row.hash,
    previousHash: row.previous_hash,
    logHash: row.log_hash,
  };
}

const line = (value: object) => `${JSON.stringify(value)}\n`;

/**
 * The positions [from, to] the bounds name, in the export's snapshot; throws EMPTY_EXPORT_RANGE when they hold no event.
 * Without a `to`, the export ends where the last checkpoint signed the log (after `from`), so that all of it can be
 * proven (tools/verify-export fails an event no checkpoint covers); without a checkpoint there, at the log's end.
 */
async function resolveRange(client: DbClient, fromBound: ExportBound | undefined, toBound: ExportBound | undefined): Promise<{ from: bigint; to: bigint; unsigned: bigint }> {
  const head = BigInt((await client.query<{ position: string }>('select position from event_log')).rows[0]?.position ?? 0);
  if (head === 0n) throw emptyRange('the log holds no event yet');
  let from = 1n;
  if (fromBound && 'position' in fromBound) {
    if (fromBound.position > head) throw emptyRange(`from position ${fromBound.position} is past the log's end (position ${head})`);
    if (fromBound.position > 1n) from = fromBound.position;
  } else if (fromBound) {
    const first = await positionAt(client, 'select min(position) as position from events where recorded_at >= $1::timestamptz', fromBound.time);
    if (first === null) throw emptyRange(`no event was recorded at or after ${fromBound.time} (the log ends at position ${head})`);
    from = first;
  }
  let to = head;
  let unsigned = 0n;
  if (!toBound) {
    const { rows } = await client.query<{ position: string | null }>(
      "select max((data->>'position')::bigint)::text as position from events where stream_id = $1",
      [CHECKPOINT_STREAM],
    );
    const signed = rows[0]?.position == null ? null : BigInt(rows[0].position);
    if (signed !== null && signed >= from && signed < head) [to, unsigned] = [signed, head - signed];
  } else if ('position' in toBound) {
    if (toBound.position < head) to = toBound.position;
  } else {
    const last = await positionAt(client, 'select max(position) as position from events where recorded_at <= $1::timestamptz', toBound.time);
    if (last === null) throw emptyRange(`no event was recorded at or before ${toBound.time}`);
    to = last;
  }
  if (to < from) throw emptyRange(`to ${named(toBound, to)} comes before from ${named(fromBound, from)}`);
  return { from, to, unsigned };
}

async function positionAt(client: DbClient, sql: string, time: string): Promise<bigint | null> {
  const { rows } = await client.query<{ position: string | null }>(sql, [time]);
  return rows[0]?.position == null ? null : BigInt(rows[0].position);
}

const named = (bound: ExportBound | undefined, position: bigint) => (bound && 'time' in bound ? `${bound.time} (position ${position})` : `position ${position}`);

function emptyRange(why: string): Error {
  return Object.assign(new Error(`nothing to export: ${why}`), { code: EMPTY_EXPORT_RANGE });
}

/** The log chain's link after every event up to `position`: the stored one where the event has it, else recomputed. */
async function linkAt(client: DbClient, position: bigint): Promise<string> {
  if (position <= 0n) return GENESIS_HASH;
  const stored = await client.query<{ log_hash: string | null }>('select log_hash from events where position = $1', [String(position)]);
  const link = stored.rows[0]?.log_hash;
  if (link) return link;
  // before the log chain began: the running link over every event up to there
  let running = GENESIS_HASH;
  for (let after = 0n; ; ) {
    const { rows } = await client.query<{ position: string; hash: string }>(
      'select position, hash from events where position > $1 and position <= $2 order by position limit $3',
      [String(after), String(position), PAGE],
    );
    for (const row of rows) running = linkInLog(running, BigInt(row.position), row.hash);
    if (rows.length < PAGE) return running;
    after = BigInt(rows.at(-1)!.position);
  }
}

/**
 * The checkpoints at positions in [base, to], by position: the log's, each with the file's event hashes where the
 * file holds the same checkpoint; a file checkpoint the log lacks or holds differently goes in too (a verifier then
 * finds which of the two is wrong).
 */
async function checkpointsBetween(client: DbClient, base: bigint, to: bigint, file: readonly CheckpointFileLine[] | undefined): Promise<Map<bigint, object[]>> {
  const { rows } = await client.query<{ data: Record<string, unknown> }>('select data from events where stream_id = $1 order by position', [CHECKPOINT_STREAM]);
  const byPosition = new Map<bigint, object[]>();
  const add = (position: bigint, value: object) => byPosition.set(position, [...(byPosition.get(position) ?? []), value]);
  const inRange = (position: bigint) => position >= base && position <= to;
  const fileLines = new Map((file ?? []).map((l) => [l.signature, l]));
  const fromLog = new Set<string>();
  for (const row of rows) {
    let checkpoint: SignedCheckpoint;
    try {
      checkpoint = toSignedCheckpoint(row.data);
    } catch {
      continue; // verify-log --checkpoints names an unreadable one; the export carries what can be checked
    }
    const position = BigInt(checkpoint.position);
    if (!inRange(position)) continue;
    fromLog.add(checkpoint.signature);
    const own = fileLines.get(checkpoint.signature);
    add(position, own ? { ...checkpoint, after: own.after, ...(own.eventHashes ? { eventHashes: own.eventHashes } : {}) } : { ...checkpoint });
  }
  for (const own of file ?? []) {
    if (inRange(BigInt(own.position)) && !fromLog.has(own.signature)) add(BigInt(own.position), { ...own, source: 'file' });
  }
  return byPosition;
}
