import { inTransaction, type Db } from '@ticketing/postgres';
import { lockCheckpoint, resetCheckpoint } from './checkpoints.js';
import { ProjectionVersionMismatchError } from './errors.js';
import type { Projection } from './projection.js';
import { recreateTables } from './tables.js';

export type PrepareOutcome = 'ready' | 'created' | 'rebuilding';

/**
 * Makes sure the projection has its checkpoint row and tables at its version. A new projection gets empty
 * tables; one whose version went up gets its tables dropped and recreated with the checkpoint back at the
 * start, so the runner replays it. A version that went down (an older process of a rolling deploy) is
 * refused rather than rebuilt, so two versions never take turns wiping each other's tables.
 */
export async function prepareProjection(db: Db, projection: Projection, schema: string): Promise<PrepareOutcome> {
  return inTransaction(db, async (client) => {
    // The insert makes the row exist so that the lock below serialises every process preparing it.
    const inserted = await client.query(
      'insert into projection_checkpoints (name, position, version) values ($1, 0, $2) on conflict (name) do nothing',
      [projection.name, projection.version],
    );
    const checkpoint = await lockCheckpoint(client, projection.name);
    if (inserted.rowCount === 1) {
      await recreateTables(client, projection, schema);
      return 'created';
    }
    if (!checkpoint || checkpoint.version === projection.version) return 'ready';
    if (checkpoint.version > projection.version) {
      throw new ProjectionVersionMismatchError(projection.name, checkpoint.version, projection.version);
    }
    await recreateTables(client, projection, schema);
    await resetCheckpoint(client, projection.name, projection.version);
    return 'rebuilding';
  });
}

/** Empties the projection's tables and puts its checkpoint back to the start, under the checkpoint lock. */
export async function resetProjection(db: Db, projection: Projection, schema: string): Promise<void> {
  await inTransaction(db, async (client) => {
    // The upsert locks the checkpoint row first, as every batch does, so a running batch finishes before
    // the drop and the next one finds the checkpoint at the start.
    await resetCheckpoint(client, projection.name, projection.version);
    await recreateTables(client, projection, schema);
  });
}
