import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceIdleCheckpoints } from './checkpoints.js';
import { createProjectionTestDb, type ProjectionTestDb } from './test-support/projection-test-db.js';

describe('advanceIdleCheckpoints', () => {
  let t: ProjectionTestDb;
  beforeEach(async () => {
    t = await createProjectionTestDb('idle_checkpoints');
    await t.db.query(`insert into projection_checkpoints (name, position, version) values ('alpha', 5, 1), ('beta', 5, 1), ('gamma', 9, 2)`);
  });
  afterEach(() => t.close());

  const idle = (names: string[], known = 5n) => names.map((name) => ({ name, version: 1, known }));
  const positions = async () =>
    Object.fromEntries((await t.db.query<{ name: string; position: string }>('select name, position from projection_checkpoints order by name')).rows.map((r) => [r.name, Number(r.position)]));

  it('moves only checkpoints of the version run and still where they were seen, or later, and not past the position', async () => {
    const moved = await advanceIdleCheckpoints(t.db, [...idle(['beta']), { name: 'gamma', version: 1, known: 9n }, { name: 'alpha', version: 1, known: 7n }], 8n);
    expect([...moved]).toEqual(['beta']);
    expect(await positions()).toEqual({ alpha: 5, beta: 8, gamma: 9 });
  });

  it('locks the rows in name order, as a batch does: it never holds a later one while waiting for an earlier one', async () => {
    const other = await t.db.connect();
    try {
      await other.query('begin');
      await other.query(`select 1 from projection_checkpoints where name = 'beta' for update`);
      // listed later-first; waits for beta, which another transaction holds
      const advancing = advanceIdleCheckpoints(t.db, idle(['beta', 'alpha']), 8n);
      await new Promise((r) => setTimeout(r, 200));
      // alpha, first in name order, is taken already: a batch locking alpha then beta queues instead of crossing
      await expect(other.query(`select 1 from projection_checkpoints where name = 'alpha' for update nowait`)).rejects.toThrow(/could not obtain lock/);
      await other.query('rollback');
      expect([...(await advancing)].sort()).toEqual(['alpha', 'beta']);
    } finally {
      other.release();
    }
    expect(await positions()).toEqual({ alpha: 8, beta: 8, gamma: 9 });
  });
});
