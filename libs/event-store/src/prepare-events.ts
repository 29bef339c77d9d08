import { randomUUID } from 'node:crypto';
import { toJsonForm } from './canonical-json.js';
import { hashEvent, type HashedContent } from './hash-chain.js';
import { sealPersonalData, type SealedPersonalData } from './personal-data/personal-data.js';
import type { SubjectKeyVault } from './personal-data/subject-key-vault.js';
import type { EventToAppend, ExpectedRevision, StreamAppend } from './port.js';
import type { EventMetadata } from '@ticketing/kernel';

/** An event ready to store: id given, data in its JSON form, personal data sealed. */
export interface PreparedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  readonly personal: SealedPersonalData | null;
  /** The JSON texts of data and metadata (see toJsonForm): what the PostgreSQL insert sends. */
  readonly dataJson: string;
  readonly metadataJson: string;
}

/** A prepared event placed in its stream: revision and the hash chain. */
export interface ChainedEvent extends PreparedEvent {
  readonly revision: number;
  readonly previousHash: string;
  readonly hash: string;
}

/**
 * Everything about an append that needs no lock: ids, JSON normalisation and encryption (key look-ups are
 * round trips of their own). Done before the append's transaction so the stream lock is held briefly.
 */
export async function prepareEvents(events: readonly EventToAppend[], vault: SubjectKeyVault): Promise<PreparedEvent[]> {
  return Promise.all(
    events.map(async (event) => {
      const id = event.id ?? randomUUID();
      const data = toJsonForm(event.data);
      const metadata = toJsonForm(event.metadata);
      return {
        id,
        type: event.type,
        data: data.value,
        metadata: metadata.value,
        personal: event.personal ? await sealPersonalData(vault, id, event.personal) : null,
        dataJson: data.text,
        metadataJson: metadata.text,
      };
    }),
  );
}

/** One stream's part of a multi-stream append, its events prepared. */
export interface PreparedStreamAppend {
  readonly streamId: string;
  readonly events: readonly PreparedEvent[];
  readonly expectedRevision: ExpectedRevision;
}

/**
 * prepareEvents for every stream of a multi-stream append. A stream named twice is refused first: its two
 * expectations would be checked against the same revision, and the second batch would fork its chain.
 */
export async function prepareStreamAppends(appends: readonly StreamAppend[], vault: SubjectKeyVault): Promise<PreparedStreamAppend[]> {
  const seen = new Set<string>();
  for (const { streamId } of appends) {
    if (seen.has(streamId)) throw new Error(`appendToStreams: stream ${streamId} appears more than once`);
    seen.add(streamId);
  }
  return Promise.all(
    appends.map(async ({ streamId, events, expectedRevision }) => ({ streamId, events: await prepareEvents(events, vault), expectedRevision })),
  );
}

/**
 * `event` is a prepared one, or one read back (without the JSON texts, which the hash does not cover).
 * `recordedAt` given: hash format 2 (see HASH_FORMAT), else format 1.
 */
export function hashedContent(
  streamId: string,
  revision: number,
  event: Pick<PreparedEvent, 'id' | 'type' | 'data' | 'metadata' | 'personal'>,
  recordedAt?: string,
): HashedContent {
  const { id, type, data, metadata, personal } = event;
  const sealed = personal ? { subjectId: personal.subjectId, ciphertext: personal.ciphertext.toString('base64') } : null;
  return recordedAt === undefined
    ? { streamId, revision, id, type, data, metadata, personal: sealed }
    : { streamId, revision, id, type, data, metadata, personal: sealed, recordedAt };
}

/**
 * Gives the events the revisions after `lastRevision` and chains each one's hash to the one before. The
 * chained event is written out field by field: spreading the prepared one measured about 5 µs per event.
 * `recordedAt` (the time the store will record, as RECORDED_AT_TEXT writes it) makes the hashes format 2;
 * without it they are format 1 (KurrentDB, whose time is the server's).
 */
export function chainEvents(streamId: string, events: readonly PreparedEvent[], lastRevision: number, lastHash: string, recordedAt?: string): ChainedEvent[] {
  let previousHash = lastHash;
  return events.map((event, index) => {
    const revision = lastRevision + 1 + index;
    const hash = hashEvent(hashedContent(streamId, revision, event, recordedAt), previousHash);
    const { id, type, data, metadata, personal, dataJson, metadataJson } = event;
    const chained = { id, type, data, metadata, personal, dataJson, metadataJson, revision, previousHash, hash };
    previousHash = hash;
    return chained;
  });
}
