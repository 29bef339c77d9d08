import type { Queryable } from '@ticketing/postgres';
import { SharedVersionReader } from './versioned-cache.js';

/**
 * The version of every projection's read tables, in one short read: where each last wrote rows (not its
 * checkpoint, which moves with every batch of the log, also under a rush of reservations), and how many
 * appends wrote its rows inline (the holds a reservation takes, before the runner gets to them).
 */
export async function readTablesVersions(db: Queryable): Promise<ReadonlyMap<string, string>> {
  const { rows } = await db.query<{ name: string; version: string }>({
    name: 'read-tables-versions',
    text: `select p.name, p.changed_position || ':' || p.version || ':' || coalesce(c.serial, 0) as version
             from projection_checkpoints p left join read_model_changes c on c.name = p.name`,
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
