import type { RecordedEvent } from '@ticketing/event-store';
import { ANY_EVENT, type Projection } from '../projection.js';

export interface EventRowsOptions {
  readonly name?: string;
  readonly table?: string;
  readonly version?: number;
  /** Throw on this event (after its row was written), to prove the batch rolls back whole. */
  readonly failOn?: (event: RecordedEvent) => boolean;
  /** Adds a column (to test a version change that alters the tables). */
  readonly withTypeColumn?: boolean;
}

/**
 * One row per event with no unique key on purpose: an event applied twice shows up as two rows instead of
 * failing on a constraint, so the tests can count duplicates.
 */
export function eventRowsProjection(options: EventRowsOptions = {}): Projection {
  const table = options.table ?? 'event_rows';
  return {
    name: options.name ?? 'event-rows',
    version: options.version ?? 1,
    canHandle: [ANY_EVENT],
    tables: [
      {
        name: table,
        ddl: (s) => `create table ${s.table(table)} (position bigint not null, event_id uuid not null, stream_id text not null${options.withTypeColumn ? ', type text not null' : ''})`,
      },
    ],
    async apply(event, tx) {
      const columns = options.withTypeColumn ? '(position, event_id, stream_id, type) values ($1, $2, $3, $4)' : '(position, event_id, stream_id) values ($1, $2, $3)';
      const values = [event.position.toString(), event.id, event.streamId, ...(options.withTypeColumn ? [event.type] : [])];
      await tx.client.query(`insert into ${tx.table(table)} ${columns}`, values);
      if (options.failOn?.(event)) throw new Error(`refusing event at position ${event.position}`);
    },
  };
}
