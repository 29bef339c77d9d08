import type { GlobalPosition } from '@ticketing/event-store';
import type { DbClient, Queryable } from '@ticketing/postgres';

export interface Checkpoint {
  readonly name: string;
  readonly position: GlobalPosition;
  readonly version: number;
  readonly updatedAt: Date;
  readonly lastError: string | null;
}

interface CheckpointRow {
  name: string;
  position: string;
  version: number;
  updated_at: Date;
  last_error: string | null;
}

const COLUMNS = 'name, position, version, updated_at, last_error';

// pg returns bigint as a string: positions are converted here, once.
function toCheckpoint(row: CheckpointRow): Checkpoint {
  return { name: row.name, position: BigInt(row.position), version: row.version, updatedAt: row.updated_at, lastError: row.last_error };
}

/**
 * Locks the projection's checkpoint row until the transaction ends and returns what it says now. Every
 * writer of a projection's tables takes this lock first, so two processes never apply the same batch.
 */
export async function lockCheckpoint(client: DbClient, name: string): Promise<Checkpoint | undefined> {
  const result = await client.query<CheckpointRow>(`select ${COLUMNS} from projection_checkpoints where name = $1 for update`, [name]);
  return result.rows[0] && toCheckpoint(result.rows[0]);
}

/** lockCheckpoint for several projections in one statement, in name order. */
export async function lockCheckpoints(client: DbClient, names: readonly string[]): Promise<Checkpoint[]> {
  const result = await client.query<CheckpointRow>(`select ${COLUMNS} from projection_checkpoints where name = any($1) order by name for update`, [names]);
  return result.rows.map(toCheckpoint);
}

export async function readCheckpoints(db: Queryable, names: readonly string[]): Promise<Checkpoint[]> {
  const result = await db.query<CheckpointRow>(`select ${COLUMNS} from projection_checkpoints where name = any($1) order by name`, [names]);
  return result.rows.map(toCheckpoint);
}

/** Moves the checkpoint (and its changed position when the batch wrote rows); a successful batch also clears the error a previous run left. */
export async function saveCheckpoint(client: DbClient, name: string, position: GlobalPosition, changedRows = true): Promise<void> {
  await client.query(
    `update projection_checkpoints set position = $2, updated_at = now(), last_error = null,
       changed_position = case when $3 then $2::bigint else changed_position end
     where name = $1`,
    [name, position.toString(), changedRows],
  );
}

/** saveCheckpoint for several projections in one statement. */
export async function saveCheckpoints(client: DbClient, moved: readonly { name: string; position: GlobalPosition; wroteRows: boolean }[]): Promise<void> {
  if (moved.length === 0) return;
  await client.query(
    `update projection_checkpoints c set position = m.position, updated_at = now(), last_error = null,
       changed_position = case when m.wrote_rows then m.position else c.changed_position end
     from unnest($1::text[], $2::bigint[], $3::boolean[]) as m(name, position, wrote_rows)
     where c.name = m.name`,
    [moved.map((m) => m.name), moved.map((m) => m.position.toString()), moved.map((m) => m.wroteRows)],
  );
}

/**
 * Moves the checkpoints of projections that handle none of a batch's events, all in one statement: only those
 * still where this process last saw them or later (nothing between was skipped, e.g. by a rebuild running
 * elsewhere) and of the version this process runs. Returns the ones moved. The rows are locked in name order
 * first, as a batch's transaction locks its checkpoints: an update joined with the list locks them in whatever
 * order the join yields (the list's order, as checkpoints.int.spec.ts shows), so another process's batch locking
 * two of them the other way round could deadlock with it.
 */
export async function advanceIdleCheckpoints(
  db: Queryable,
  projections: readonly { name: string; version: number; known: GlobalPosition }[],
  reached: GlobalPosition,
): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    `with idle as (
       select c.name from projection_checkpoints c
         join unnest($1::text[], $2::int[], $3::bigint[]) as p(name, version, known) on c.name = p.name
        where c.version = p.version and c.position >= p.known and c.position < $4
        order by c.name
          for update of c)
     update projection_checkpoints c set position = $4, updated_at = now(), last_error = null
       from idle where c.name = idle.name
      returning c.name`,
    [projections.map((p) => p.name), projections.map((p) => p.version), projections.map((p) => p.known.toString()), reached.toString()],
  );
  return new Set(rows.map((r) => r.name));
}

/** Puts the checkpoint back to the start for `version`, creating the row when the projection is new. */
export async function resetCheckpoint(client: DbClient, name: string, version: number): Promise<void> {
  await client.query(
    `insert into projection_checkpoints (name, position, version) values ($1, 0, $2)
     on conflict (name) do update set position = 0, changed_position = 0, version = $2, updated_at = now(), last_error = null`,
    [name, version],
  );
}

/** Records why a projection stopped, so `projections list` and other processes' `waitFor` can say so. */
export async function recordFailure(db: Queryable, name: string, error: string): Promise<void> {
  await db.query('update projection_checkpoints set last_error = $2, updated_at = now() where name = $1', [name, error]);
}
