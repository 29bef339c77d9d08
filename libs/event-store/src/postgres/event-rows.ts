import type { EventMetadata } from '@ticketing/kernel';
import { openPersonalData } from '../personal-data/personal-data.js';
import type { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import type { RecordedEvent } from '../port.js';

/** The columns every read selects, in the shape of EventRow. */
export const EVENT_COLUMNS =
  'position, stream_id, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext, recorded_at, hash, previous_hash';

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

export function sealedPersonal(row: EventRow) {
  return row.personal_subject_id !== null && row.personal_ciphertext !== null
    ? { subjectId: row.personal_subject_id, ciphertext: row.personal_ciphertext }
    : null;
}

/** Rows to events, opening personal data with one key look-up for the whole batch. */
export async function toRecordedEvents(rows: readonly EventRow[], vault: SubjectKeyVault): Promise<RecordedEvent[]> {
  const personal = await openPersonalData(
    vault,
    rows.map((row) => ({ eventId: row.id, personal: sealedPersonal(row) })),
  );
  return rows.map((row, index) => {
    const event: RecordedEvent = {
      id: row.id,
      streamId: row.stream_id,
      revision: row.revision,
      position: BigInt(row.position),
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      recordedAt: row.recorded_at.toISOString(),
      hash: row.hash,
    };
    const opened = personal[index];
    return opened ? { ...event, personal: opened } : event;
  });
}
