import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.js';
import { migrate } from './migrate.js';

describe('migrate', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('migrate');
  });
  afterAll(() => test.drop());

  it('applies each migration once, also when two processes race', async () => {
    const migrations = [
      { id: '002-b', sql: 'alter table t add column b int' },
      { id: '001-a', sql: 'create table t (a int)' },
    ];
    const [first, second] = await Promise.all([migrate(test.db, migrations), migrate(test.db, migrations)]);
    expect([...first, ...second].sort()).toEqual(['001-a', '002-b']);
    const columns = await test.db.query("select column_name from information_schema.columns where table_name = 't' order by 1");
    expect(columns.rows.map((r) => r.column_name)).toEqual(['a', 'b']);
  });

  it('applies nothing of a batch with a broken migration', async () => {
    await expect(
      migrate(test.db, [
        { id: '003-c', sql: 'create table c (x int)' },
        { id: '004-broken', sql: 'create tabel nope' },
      ]),
    ).rejects.toThrow();
    const exists = await test.db.query("select to_regclass('c') as t");
    expect(exists.rows[0].t).toBeNull();
  });
});
