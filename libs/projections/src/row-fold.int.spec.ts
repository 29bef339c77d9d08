import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '@ticketing/postgres';
import type { ProjectionTx } from './projection.js';
import { RowFold } from './row-fold.js';
import { createProjectionTestDb, type ProjectionTestDb } from './test-support/projection-test-db.js';

interface Row extends Record<string, unknown> {
  id: string;
  status: string;
  at: string | null;
  doc: unknown;
  tags: string[];
  price: string | number;
  revision: number;
}

const A = '7e2a3b4c-0000-4000-8000-00000000000a';
const B = '7e2a3b4c-0000-4000-8000-00000000000b';

describe('RowFold', () => {
  let t: ProjectionTestDb;
  beforeEach(async () => {
    t = await createProjectionTestDb('row_fold');
    await t.db.query(`create table folded (id uuid primary key, status text not null, at timestamptz, doc jsonb, tags text[] not null, price numeric not null, revision integer not null)`);
  });
  afterEach(() => t.close());

  const fold = (work: (rows: RowFold<Row>) => Promise<void>, guardRevision = false, insertOnly: string[] = []) =>
    inTransaction(t.db, async (client) => {
      const tx: ProjectionTx = { client, schema: 'public', table: (name) => `"public"."${name}"` };
      await work(new RowFold<Row>(tx, 'folded', 'id', { guardRevision, insertOnly }));
    });
  const table = async () => (await t.db.query('select id, status, at, doc, tags, price::text as price, revision from folded order by id')).rows;

  it('loads the rows named, folds changes in memory and writes every changed row back as the column types read it', async () => {
    await t.db.query(`insert into folded values ($1, 'HELD', '2027-01-01T10:00:00.123Z', '{"a":1}', '{x}', 7.70, 1)`, [A]);
    await fold(async (rows) => {
      await rows.load([A.toUpperCase(), B]);
      expect(rows.get(A)).toMatchObject({ id: A, status: 'HELD', doc: { a: 1 }, tags: ['x'], revision: 1 });
      expect(rows.get(B)).toBeUndefined();
      rows.set(B, { id: B, status: 'NEW', at: '2027-01-02T00:00:00.000Z', doc: null, tags: [], price: 0, revision: 0 });
      const a = rows.get(A)!;
      rows.set(A, { ...a, status: 'SOLD', tags: [...a.tags, 'y'], revision: 2 });
      rows.set(A, { ...rows.get(A)!, at: null, revision: 3 });
      await rows.flush();
    });
    expect(await table()).toEqual([
      { id: A, status: 'SOLD', at: null, doc: { a: 1 }, tags: ['x', 'y'], price: '7.7', revision: 3 },
      { id: B, status: 'NEW', at: new Date('2027-01-02T00:00:00.000Z'), doc: null, tags: [], price: '0', revision: 0 },
    ]);
  });

  it('neither loads nor rewrites insert-only columns, and writes them for a new row', async () => {
    await t.db.query(`insert into folded values ($1, 'HELD', null, '{"big":true}', '{}', 1, 1)`, [A]);
    await fold(
      async (rows) => {
        await rows.load([A, B]);
        expect(rows.get(A)).toEqual({ id: A, status: 'HELD', at: null, tags: [], price: 1, revision: 1 });
        rows.set(A, { ...rows.get(A)!, status: 'SOLD', revision: 2 });
        rows.set(B, { id: B, status: 'NEW', at: null, doc: { small: true }, tags: [], price: 2, revision: 0 });
        await rows.flush();
      },
      false,
      ['doc'],
    );
    expect((await table()).map((r) => [r['status'], r['doc']])).toEqual([
      ['SOLD', { big: true }],
      ['NEW', { small: true }],
    ]);
  });

  it('refuses to read a row it did not load, and writes nothing when nothing changed', async () => {
    await fold(async (rows) => {
      expect(() => rows.get(A)).toThrow(/not loaded/);
      await rows.load([A]);
      await rows.flush();
    });
    expect(await table()).toEqual([]);
  });

  it('inserts a row it did not find without a conflict check: one written behind its back fails the batch instead of being overwritten', async () => {
    await fold(async (rows) => {
      await rows.load([A]);
      // only the runner writes the table, under the checkpoint lock: a row that appears between load and flush is a bug
      await t.db.query(`insert into folded values ($1, 'HELD', null, null, '{}', 0, 1)`, [A]);
      rows.set(A, { id: A, status: 'NEW', at: null, doc: null, tags: [], price: 0, revision: 0 });
      await expect(rows.flush()).rejects.toMatchObject({ code: '23505' });
    });
    expect((await table()).map((r) => r['status'])).toEqual(['HELD']);
  });

  it('with guardRevision inserts a row an inline append wrote meanwhile as an update, kept if that append is later', async () => {
    await fold(async (rows) => {
      await rows.load([A, B]);
      await t.db.query(`insert into folded values ($1, 'HELD', null, null, '{}', 0, 1), ($2, 'HELD', null, null, '{}', 0, 5)`, [A, B]);
      rows.set(A, { id: A, status: 'SOLD', at: null, doc: null, tags: [], price: 0, revision: 2 });
      rows.set(B, { id: B, status: 'SOLD', at: null, doc: null, tags: [], price: 0, revision: 2 });
      await rows.flush();
    }, true);
    expect((await table()).map((r) => [r['status'], r['revision']])).toEqual([
      ['SOLD', 2],
      ['HELD', 5],
    ]);
  });

  it('with guardRevision keeps a row that someone else moved to a later revision meanwhile', async () => {
    await t.db.query(`insert into folded values ($1, 'HELD', null, null, '{}', 0, 1), ($2, 'HELD', null, null, '{}', 0, 1)`, [A, B]);
    await fold(async (rows) => {
      await rows.load([A, B]);
      // an inline append changes A to revision 5 between load and flush (another connection, committed)
      await t.db.query(`update folded set status = 'RELEASED', revision = 5 where id = $1`, [A]);
      rows.set(A, { ...rows.get(A)!, status: 'SOLD', revision: 2 });
      rows.set(B, { ...rows.get(B)!, status: 'SOLD', revision: 2 });
      await rows.flush();
    }, true);
    expect((await table()).map((r) => [r['status'], r['revision']])).toEqual([
      ['RELEASED', 5],
      ['SOLD', 2],
    ]);
  });
});
