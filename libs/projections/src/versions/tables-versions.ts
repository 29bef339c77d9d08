import type { Queryable } from '@ticketing/postgres';
import { SharedVersionReader } from './versioned-cache.js';

/** Stands for the log's head among the versions: read models that appends write themselves change with it. */
export const LOG_HEAD = '@log-head';

/**
 * The version of every projection's read tables, in one short read: where each last wrote rows (not its
 * checkpoint, which moves with every batch of the log, also under a rush of reservations), and the log's
 * head, for the tables an append writes in its own transaction before the runner moves their checkpoint
 * (the holds a reservation takes): such a write always comes with a new head.
 */
export async function readTablesVersions(db: Queryable): Promise<ReadonlyMap<string, string>> {
  const { rows } = await db.query<{ name: string; version: string }>({
    name: 'read-tables-versions',
    text: `select name, changed_position || ':' || version as version from projection_checkpoints
           union all select '${LOG_HEAD}', coalesce(max(position), 0)::text from events`,
  });
  return new Map(rows.map((r) => [r.name, r.version]));
}

/**
 * The versions of the read tables for every cache on one pool. The catalog's and the sales figures' caches
 * are asked together by each event read: sharing one reader per pool makes that one statement, and one
 * round trip, for all of them (SharedVersionReader keeps read-your-writes).
 */
export class TablesVersions {
  private static readonly perPool = new WeakMap<Queryable, TablesVersions>();
  private readonly reader: SharedVersionReader<ReadonlyMap<string, string>>;

  private constructor(db: Queryable) {
    this.reader = new SharedVersionReader(() => readTablesVersions(db));
  }

  static of(db: Queryable): TablesVersions {
    let versions = TablesVersions.perPool.get(db);
    if (!versions) TablesVersions.perPool.set(db, (versions = new TablesVersions(db)));
    return versions;
  }

  /** The version of the tables of `projections`: it changes when any of them writes rows. */
  async version(projections: readonly string[]): Promise<string> {
    const versions = await this.reader.version();
    return projections.map((name) => `${name}:${versions.get(name) ?? ''}`).join(',');
  }
}
