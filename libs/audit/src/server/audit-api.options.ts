import type { EventStore } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import type { OrderStatusFold } from '../queries/order-story/order-story.query.js';

export const AUDIT_API_OPTIONS = Symbol('AUDIT_API_OPTIONS');

export interface AuditApiOptions {
  readonly store: EventStore;
  /** The read models' database, where the order-mentions index is (see StoryOptions). */
  readonly db: Queryable;
  /** The sales domain's fold of a reservation's status (this library imports no context). */
  readonly orderStatus: OrderStatusFold;
  /** AUDITOR_API_KEYS: comma-separated `name:key` pairs; unset = every call answers 401. */
  readonly auditorKeys: string | undefined;
  /** ORGANIZER_API_KEYS, so that an organizer's key answers 403 rather than 401. */
  readonly organizerKeys: string | undefined;
}
