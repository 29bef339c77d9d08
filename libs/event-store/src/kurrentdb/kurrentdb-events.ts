import { jsonEvent, type AllStreamResolvedEvent, type EventData, type ResolvedEvent } from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@ticketing/kernel';
import { GENESIS_HASH, type StoredLink } from '../hash-chain.js';
import { openPersonalData, type SealedPersonalData } from '../personal-data/personal-data.js';
import type { SubjectKeyVault } from '../personal-data/subject-key-vault.js';
import { hashedContent, type ChainedEvent } from '../prepare-events.js';
import type { RecordedEvent } from '../port.js';

/**
 * How an event's metadata looks in KurrentDB. Ours is nested under `metadata` so the chain and the sealed
 * personal data never mix with it; `$correlationId` / `$causationId` are repeated at the top because
 * KurrentDB's own projections ($by_correlation_id) read them there.
 */
export interface StoredMetadata {
  readonly $correlationId: string;
  readonly $causationId: string;
  readonly metadata: EventMetadata;
  readonly hash: string;
  readonly previousHash: string;
  readonly personal?: { readonly subjectId: string; readonly ciphertext: string };
}

function storedMetadata(event: ChainedEvent): StoredMetadata {
  return {
    $correlationId: event.metadata.correlationId,
    $causationId: event.metadata.causationId,
    metadata: event.metadata,
    hash: event.hash,
    previousHash: event.previousHash,
    ...(event.personal
      ? { personal: { subjectId: event.personal.subjectId, ciphertext: event.personal.ciphertext.toString('base64') } }
      : {}),
  };
}

export function toEventData(event: ChainedEvent): EventData {
  const stored = storedMetadata(event);
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: stored as unknown as Record<string, unknown> });
}

/**
 * The same event for multiStreamAppend, which takes metadata only as a flat object of strings (client 1.3,
 * KurrentDB 25.1): the nested fields travel as JSON text, and fromResolved reads both forms.
 */
export function toFlatEventData(event: ChainedEvent): EventData {
  const stored = storedMetadata(event);
  const flat: Record<string, string> = {
    $correlationId: stored.$correlationId,
    $causationId: stored.$causationId,
    metadata: JSON.stringify(stored.metadata),
    hash: stored.hash,
    previousHash: stored.previousHash,
    ...(stored.personal ? { personal: JSON.stringify(stored.personal) } : {}),
  };
  return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: flat });
}

function unflattened(raw: Record<string, unknown>): StoredMetadata {
  const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
  const stored = { ...raw, metadata: parsed(raw['metadata']), ...('personal' in raw ? { personal: parsed(raw['personal']) } : {}) };
  return stored as unknown as StoredMetadata;
}

/** A stored event with its metadata unpacked, before decryption. */
export interface KurrentEvent {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  /** Commit position in the transaction log (see README: unique per event for appends made by this adapter). */
  readonly position: bigint;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly recordedAt: string;
  readonly stored: StoredMetadata;
  readonly sealed: SealedPersonalData | null;
}

/** Undefined for what is not one of our events (links, system records, non-JSON events). */
export function fromResolved(resolved: ResolvedEvent | AllStreamResolvedEvent): KurrentEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson) return undefined;
  const raw = event.metadata as Record<string, unknown> | undefined;
  if (!raw || typeof raw !== 'object' || !('hash' in raw)) return undefined;
  const stored = unflattened(raw);
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: event.position?.commit ?? resolved.commitPosition ?? 0n,
    type: event.type,
    data: event.data as Record<string, unknown>,
    recordedAt: event.created.toISOString(),
    stored,
    sealed: stored.personal
      ? { subjectId: stored.personal.subjectId, ciphertext: Buffer.from(stored.personal.ciphertext, 'base64') }
      : null,
  };
}

export async function toRecordedEvents(events: readonly KurrentEvent[], vault: SubjectKeyVault): Promise<RecordedEvent[]> {
  const personal = await openPersonalData(vault, events.map((event) => ({ eventId: event.id, personal: event.sealed })));
  return events.map((event, index) => {
    const recorded: RecordedEvent = {
      id: event.id,
      streamId: event.streamId,
      revision: event.revision,
      position: event.position,
      type: event.type,
      data: event.data,
      metadata: event.stored.metadata,
      recordedAt: event.recordedAt,
      hash: event.stored.hash,
    };
    const opened = personal[index];
    return opened ? { ...recorded, personal: opened } : recorded;
  });
}

export function toLink(event: KurrentEvent): StoredLink {
  const { id, type, data, sealed } = event;
  return {
    content: hashedContent(event.streamId, event.revision, { id, type, data, metadata: event.stored.metadata, personal: sealed }),
    hash: event.stored.hash,
    previousHash: event.stored.previousHash ?? GENESIS_HASH,
    position: event.position,
  };
}
