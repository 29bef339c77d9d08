import type { EventToAppend } from '@ticketing/event-store';
import type { DomainEvent, EventMetadata } from '@ticketing/kernel';

/** Who asked, when, in answer to what: the metadata every event of one command carries. */
export type Provenance = EventMetadata;

export { provenance } from '@ticketing/kernel';

export function toAppend(event: DomainEvent, metadata: Provenance): EventToAppend {
  return { type: event.type, data: event.data as Record<string, unknown>, metadata };
}

/** The data of a recorded event as its domain type (the type string was checked by the caller). */
export function dataOf<E extends DomainEvent>(event: { type: string; data: Record<string, unknown> }): E['data'] {
  return event.data as E['data'];
}
