import pg from 'pg';
import type { EventMetadata } from '@ticketing/kernel';
import { openWithSubjectKey, type SubjectKey } from '../personal-data/subject-key.js';
import type { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import type { RecordedEvent } from '../port.js';

/** The columns a read hands to its callers (toRecordedEvents), in the shape of ReadRow. */
export const READ_COLUMNS = 'position, stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext, recorded_at, hash';

/** The columns the chain verification selects, in the shape of EventRow: a read's and the previous hash. */
export const EVENT_COLUMNS = `${READ_COLUMNS}, previous_hash`;

/**
 * A stored time as hash format 2 covers it: UTC, ISO 8601, to the microsecond PostgreSQL keeps (a JS Date
 * keeps milliseconds, so the hash is not taken over `recordedAt` as reads give it). Writers take it from
 * `now()` in the append's transaction, which is what the column's default would have stored.
 */
export const recordedAtText = (timestamp: string) => `to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface EventRow {
  // bigint arrives as a string from pg: converted with BigInt, never Number (positions outgrow 2^53 in theory).
  position: string;
  stream_id: string;
  revision: number;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  personal_subject_id: string | null;
  personal_ciphertext: Buffer | null;
  recorded_at: Date;
  hash: string;
  previous_hash: string;
}

const TIMESTAMPTZ = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => Date;

/**
 * Type parsers of the reads: `recorded_at` stays PostgreSQL's text, made into `recordedAt` by recordedAtOf without
 * a Date in between (a replay reads a million of them); every other type is parsed as pg does by default.
 */
export const READ_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === TIMESTAMPTZ ? (text: string) => text : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/**
 * A timestamptz as `Date#toISOString` gives it after pg's parser: `YYYY-MM-DD HH:MM:SS[.f]+00` (a session in UTC) is
 * rewritten, its milliseconds computed as pg's parser does (1000 * the fraction, truncated: .579 gives 578); any
 * other form (another time zone, a year past 9999, BC) goes through that parser.
 */
export function recordedAtOf(value: string | Date): string {
  if (typeof value !== 'string') return value.toISOString();
  const n = value.length;
  if (n >= 22 && value.charCodeAt(10) === 32 && value.endsWith('+00') && (n === 22 || value.charCodeAt(19) === 46)) {
    const ms = n === 22 ? 0 : Math.trunc(1000 * parseFloat(value.slice(19, n - 3)));
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
  }
  return parseTimestamptz(value).toISOString();
}

/** A row as reads select it (READ_COLUMNS). */
export type ReadRow = Omit<EventRow, 'previous_hash'>;

export function sealedPersonal(row: ReadRow) {
  return row.personal_subject_id !== null && row.personal_ciphertext !== null
    ? { subjectId: row.personal_subject_id, ciphertext: row.personal_ciphertext }
    : null;
}

/**
 * Rows to events, with one key look-up for the whole batch; each event's personal data is opened (AES-GCM) only when
 * something reads `personal`, once, and kept: a replay decrypts only for the read models that show personal data.
 */
export async function toRecordedEvents(rows: readonly ReadRow[], vault: SubjectKeyVault): Promise<RecordedEvent[]> {
  const subjects = new Set<string>();
  for (const row of rows) if (row.personal_subject_id !== null && row.personal_ciphertext !== null) subjects.add(row.personal_subject_id);
  const keys = subjects.size === 0 ? new Map<string, SubjectKey>() : await vault.existingKeys(subjects);
  return rows.map((row) => {
    const event: RecordedEvent = {
      id: row.id,
      streamId: row.stream_id,
      revision: row.revision,
      position: BigInt(row.position),
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      recordedAt: recordedAtOf(row.recorded_at as string | Date),
      hash: row.hash,
    };
    return row.personal_subject_id !== null && row.personal_ciphertext !== null ? sealedInto(event, row.personal_subject_id, row.personal_ciphertext, keys) : event;
  });
}

/** `personal` opened when first read, then kept; the row it came from is not held (a replay keeps a page of events). */
function sealedInto(event: RecordedEvent, subjectId: string, ciphertext: Buffer, keys: ReadonlyMap<string, SubjectKey>): RecordedEvent {
  let opened: RecordedEvent['personal'];
  return Object.defineProperty(event, 'personal', {
    enumerable: true,
    get: () => {
      if (opened) return opened;
      const key = keys.get(subjectId);
      const data = key ? openWithSubjectKey(key, subjectId, event.id, ciphertext) : null;
      opened = { subjectId, data, erased: data === null };
      return opened;
    },
  });
}
