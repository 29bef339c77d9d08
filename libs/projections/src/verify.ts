import { randomBytes } from 'node:crypto';
import type { EventStore, GlobalPosition } from '@ticketing/event-store';
import { inTransaction, type Db, type DbClient } from '@ticketing/postgres';
import { readCheckpoints } from './checkpoints.js';
import type { Projection } from './projection.js';
import { replayInto } from './replay.js';
import type { ReplayProgress } from './runner.js';
import { quoteIdent, schemaNames } from './sql-names.js';
import { recreateTables } from './tables.js';

export type DifferenceSide = 'missing-in-live' | 'unexpected-in-live';

export interface TableDifference {
  readonly table: string;
  /** Rows a rebuild has that the live table lacks. */
  readonly missingInLive: number;
  /** Rows the live table has that a rebuild does not (changed rows show up on both sides). */
  readonly unexpectedInLive: number;
  /** A few of the differing rows of each side, as JSON. */
  readonly samples: readonly { readonly side: DifferenceSide; readonly row: Record<string, unknown> }[];
}

export interface VerifyReport {
  readonly projection: string;
  /** Log position at which live and rebuilt tables were compared. */
  readonly position: GlobalPosition;
  readonly ok: boolean;
  readonly differences: readonly TableDifference[];
  /** Why no comparison could be made (never run, other version). */
  readonly problem?: string;
}

const SAMPLES_PER_SIDE = 5;

/**
 * Rebuilds the projection into a scratch schema and compares it row for row with the live tables, in both
 * directions (`except all`, so a duplicated row counts too). The comparison runs in one repeatable-read
 * snapshot: the live rows and their checkpoint are seen as committed together, the scratch copy is brought
 * to exactly that checkpoint, and the live runner is never blocked.
 */
export async function verifyProjection(
  db: Db,
  store: EventStore,
  projection: Projection,
  liveSchema: string,
  batchSize: number,
  onPage?: (progress: ReplayProgress) => void,
): Promise<VerifyReport> {
  const scratch = `verify_${projection.name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await db.query(`create schema ${quoteIdent(scratch)}`);
  try {
    // Most of the replay happens before the snapshot, in its own transaction, so the snapshot stays short.
    const [early] = await readCheckpoints(db, [projection.name]);
    const rebuiltTo = await inTransaction(db, async (client) => {
      await recreateTables(client, projection, scratch);
      return replayInto(client, store, projection, scratch, { after: 0n, until: early?.position ?? 0n, batchSize }, onPage);
    });
    return await inTransaction(db, async (client) => {
      await client.query('set transaction isolation level repeatable read');
      const [live] = await readCheckpoints(client, [projection.name]);
      const report = { projection: projection.name, position: live?.position ?? 0n, ok: false, differences: [] };
      if (!live) return { ...report, problem: 'the projection has never run: no checkpoint' };
      if (live.version !== projection.version) {
        return { ...report, problem: `live tables are version ${live.version}, the code is version ${projection.version}` };
      }
      if (live.position < rebuiltTo) return { ...report, problem: 'the live checkpoint moved back during verify (a rebuild?): run it again' };
      await replayInto(client, store, projection, scratch, { after: rebuiltTo, until: live.position, batchSize }, onPage);
      const differences = await compareTables(client, projection, liveSchema, scratch);
      if (differences.length === 0 || !projection.writtenInline) return { ...report, ok: differences.length === 0, differences };
      // appends wrote rows beyond the checkpoint: every append committed in this snapshot wrote its own
      const { rows } = await client.query<{ head: string }>('select coalesce(max(position), 0) as head from events');
      const head = BigInt(rows[0]!.head);
      if (head <= live.position) return { ...report, ok: false, differences };
      await replayInto(client, store, projection, scratch, { after: live.position, until: head, batchSize });
      const atHead = await compareTables(client, projection, liveSchema, scratch);
      return { ...report, position: head, ok: atHead.length === 0, differences: atHead };
    });
  } finally {
    await db.query(`drop schema if exists ${quoteIdent(scratch)} cascade`);
  }
}

async function compareTables(client: DbClient, projection: Projection, liveSchema: string, scratch: string): Promise<TableDifference[]> {
  const live = schemaNames(projection, liveSchema);
  const rebuilt = schemaNames(projection, scratch);
  const differences: TableDifference[] = [];
  for (const { name } of projection.tables) {
    const missing = await except(client, rebuilt.table(name), live.table(name));
    const unexpected = await except(client, live.table(name), rebuilt.table(name));
    if (missing.count === 0 && unexpected.count === 0) continue;
    differences.push({
      table: name,
      missingInLive: missing.count,
      unexpectedInLive: unexpected.count,
      samples: [
        ...missing.rows.map((row) => ({ side: 'missing-in-live' as const, row })),
        ...unexpected.rows.map((row) => ({ side: 'unexpected-in-live' as const, row })),
      ],
    });
  }
  return differences;
}

async function except(client: DbClient, left: string, right: string): Promise<{ count: number; rows: Record<string, unknown>[] }> {
  const result = await client.query<{ row: Record<string, unknown>; total: string }>(
    `select to_jsonb(d) as row, count(*) over () as total
       from (select * from ${left} except all select * from ${right}) d
      limit ${SAMPLES_PER_SIDE}`,
  );
  return { count: Number(result.rows[0]?.total ?? 0), rows: result.rows.map((r) => r.row) };
}
