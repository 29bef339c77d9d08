import type { RecordedEvent } from '@ticketing/event-store';
import type { CatalogEvent } from '@ticketing/catalog/contracts';

export type CatalogEventData<T extends CatalogEvent['type']> = Extract<CatalogEvent, { type: T }>['data'];

/** The data of a recorded catalog event, typed by its type string (the projection's canHandle vouches for it). */
export function dataOf<T extends CatalogEvent['type']>(event: RecordedEvent, _type: T): CatalogEventData<T> {
  return event.data as unknown as CatalogEventData<T>;
}

/** jsonb parameters go in as text: node-postgres would send a JS array as a PostgreSQL array. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
