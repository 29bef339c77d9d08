import pg from 'pg';

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
/** Anything that can run a query: the pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * How long a query waits for a free connection (or a new one) before it fails, instead of waiting forever on a server
 * that accepts connections but never answers; long enough that a rush queueing for the pool should not meet it.
 */
const CONNECTION_TIMEOUT_MS = 30_000;

// bigint columns come back as strings by default; positions are read as BigInt where they matter.
export function createPool(connectionString: string, max = 10, onIdleError: (error: Error) => void = () => undefined): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'ticketing', connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
  // An idle connection that the server drops (restart, failover, `drop database ... with (force)`) is an 'error'
  // event on the pool; without a listener Node treats it as unhandled and the whole process dies. The pool
  // replaces the connection by itself; the caller only hears about it.
  pool.on('error', onIdleError);
  // The pool listens to its idle connections only: one checked out (a transaction between two queries) that the
  // server drops emits 'error' on the client itself, and with no listener that killed the process. The holder
  // learns of it from its next query, and the pool discards the connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(db: Db, work: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
