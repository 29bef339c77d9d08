import type { EventStore, GlobalPosition, RecordedEvent } from '@ticketing/event-store';

/** Shown in place of personal data whose subject was forgotten: the event stays, the data is gone. */
export const ERASED = '[erased]';

/** One event of a stream as an auditor reads it: what, when, who, in answer to what, with which data. */
export interface HistoryEntry {
  readonly type: string;
  readonly revision: number;
  readonly position: GlobalPosition;
  /** When the log stored it. */
  readonly recordedAt: string;
  /** When it happened, by the clock of the command that caused it. */
  readonly occurredAt: string;
  readonly actor: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly data: Record<string, unknown>;
  readonly personal: { readonly subjectId: string; readonly data: Record<string, unknown> | typeof ERASED } | null;
  readonly eventId: string;
  readonly hash: string;
}

// Read in pages so a long stream (an inventory under a rush) is never one huge result.
const PAGE = 500;

/** The full history of one stream, oldest first; [] when the stream does not exist. */
export async function historyOf(store: EventStore, streamId: string): Promise<HistoryEntry[]> {
  const history: HistoryEntry[] = [];
  for (let fromRevision = 0; ; fromRevision += PAGE) {
    const page = await store.readStream(streamId, { fromRevision, maxCount: PAGE });
    history.push(...page.map(toEntry));
    if (page.length < PAGE) return history;
  }
}

export function toEntry(event: RecordedEvent): HistoryEntry {
  const { personal, metadata } = event;
  return {
    type: event.type,
    revision: event.revision,
    position: event.position,
    recordedAt: event.recordedAt,
    occurredAt: metadata.occurredAt,
    actor: metadata.actor,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    data: event.data,
    personal: personal ? { subjectId: personal.subjectId, data: personal.erased || !personal.data ? ERASED : personal.data } : null,
    eventId: event.id,
    hash: event.hash,
  };
}
