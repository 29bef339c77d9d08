import type { GlobalPosition, RecordedEvent } from '@ticketing/event-store';
import type { DbClient } from '@ticketing/postgres';
import { ProjectionApplyError } from './errors.js';
import { handledBy, handlesAll, type Projection } from './projection.js';
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
  const fresh = events.length > 0 && events[0]!.position > after ? events : events.filter((event) => event.position > after);
  if (fresh.length === 0) return after;
  const handles = handledBy(projection);
  const handled = handlesAll(projection) ? fresh : fresh.filter((event) => handles(event.type));
  if (projection.applyBatch) {
    if (handled.length > 0) {
      try {
        await projection.applyBatch(handled, tx);
      } catch (error) {
        throw new ProjectionApplyError(projection.name, handled[0]!, error);
      }
    }
    return fresh[fresh.length - 1]!.position;
  }
  for (const event of handled) {
    try {
      await projection.apply(event, tx);
    } catch (error) {
      throw new ProjectionApplyError(projection.name, event, error);
    }
  }
  return fresh[fresh.length - 1]!.position;
}
