import type { InlineProjector, PendingEvent } from '@ticketing/event-store';
import { handles, type Projection, type ProjectionTx } from './projection.js';
import { LIVE_SCHEMA, schemaNames } from './sql-names.js';

/**
 * Has an append write `projection`'s live rows in its own transaction (see MultiAppendOptions.inline), for
 * a read model a command's caller reads right after it returns: the command need not wait for the runner.
 * The runner still applies every event afterwards, and a rebuild replays them, so the projection must leave
 * the same rows whichever comes first (idempotent, revision-guarded updates). Its checkpoint is not touched:
 * a cache of its tables must also key on the log's head, which every such append moves.
 */
export function inlineProjection(
  projection: Projection,
  /** The projection's batch apply, taking events as the append knows them (no position or record time yet). */
  applyBatch: (events: readonly PendingEvent[], tx: ProjectionTx) => Promise<void>,
  schema = LIVE_SCHEMA,
): InlineProjector {
  const names = schemaNames(projection, schema);
  return async (client, events) => {
    const handled = events.filter((event) => handles(projection, event.type));
    if (handled.length === 0) return true;
    // Tables of another version (a newer process rebuilt them during a rolling deploy, or this one is about to):
    // rows of the wrong meaning would stay (replays skip rows already there), so leave them to the runner.
    const { rows } = await client.query<{ version: number }>({
      name: 'inline-projection-version',
      text: 'select version from projection_checkpoints where name = $1',
      values: [projection.name],
    });
    if (rows[0]?.version !== projection.version) return false;
    await applyBatch(handled, { client, ...names });
    return true;
  };
}
