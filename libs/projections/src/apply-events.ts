import type { GlobalPosition, RecordedEvent } from '@ticketing/event-store';
import type { DbClient } from '@ticketing/postgres';
import { ProjectionApplyError } from './errors.js';
import { handles, type Projection } from './projection.js';
import { schemaNames } from './sql-names.js';

/**
 * Applies the events after `after` that the projection handles, through `client` into `schema`, and
 * returns the position the tables have reached (the last event looked at, handled or not).
 */
export async function applyEvents(
  client: DbClient,
  projection: Projection,
  schema: string,
  after: GlobalPosition,
  events: readonly RecordedEvent[],
): Promise<GlobalPosition> {
  const tx = { client, ...schemaNames(projection, schema) };
  let reached = after;
  for (const event of events) {
    if (event.position <= after) continue;
    if (handles(projection, event.type)) {
      try {
        await projection.apply(event, tx);
      } catch (error) {
        throw new ProjectionApplyError(projection.name, event, error);
      }
    }
    reached = event.position;
  }
  return reached;
}
