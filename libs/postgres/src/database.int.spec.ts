import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from './database.js';
import { createTestDatabase, type TestDatabase } from './testing.js';
import { isDatabaseUnavailable } from './unavailable.js';

describe('createPool: a connection the server drops', () => {
  let test: TestDatabase;
  let pool: Db;
  beforeAll(async () => {
    test = await createTestDatabase('pool');
    pool = createPool(test.url, 2);
  });
  afterAll(async () => {
    await pool.end();
    await test.drop();
  });

  it('while checked out between two queries: no process-killing error event; the next query fails as unavailable, the pool goes on', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // the server ends the connection while the holder does other work (as a restart or failover does)
      await test.db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((r) => setTimeout(r, 300));
      const next = await client.query('select 1').then(
        () => null,
        (error: unknown) => error,
      );
      client.release();
      expect(next, 'the holder hears of it on its next query').toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(next)).toBe(true);
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
    }
    expect(uncaught).toEqual([]);
  });
});
