import type { Poll } from './catalog.events.js';

/** An event's polls as published, with the numbers the public API puts beside each poll. */
export interface EventPolls {
  /**
   * `eventId` and `organizationId` of the wire format: events and organizers have no numeric ids here (their
   * shortName and slug are their ids), so these are derived from them, stable across rebuilds and imports.
   */
  readonly eventId: number;
  readonly organizationId: number;
  /** Every poll of the event (DRAFT ones included), by `order` then id. */
  readonly polls: readonly Poll[];
}

/**
 * The catalog's attendee polls, for the context that takes the answers. An abstract class so it is its own
 * injection token; the catalog's read side provides it.
 */
export abstract class CatalogPolls {
  /** null when there is no such event (or it is DISABLED). */
  abstract pollsOf(eventShortName: string): Promise<EventPolls | null>;
}
