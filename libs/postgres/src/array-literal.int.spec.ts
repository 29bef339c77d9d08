import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, jsonArrayOf } from './array-literal.js';
import { createTestDatabase, type TestDatabase } from './testing.js';

describe('arrayLiteral', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('array_literal');
  });
  afterAll(() => test?.drop());

  const TEXTS = ['plain', '', 'NULL', 'null', 'Null ', 'a,b', '{braces}', 'quote " inside', 'back\\slash', '\\', '"', ' lead', 'trail ', 'tab\tnew\nline', 'Zürich 日本語 😀', '{"json": [1, "two", {"three": null}]}', 'NULLS'];

  it('reads back as the same text, NULL as null, in the same order', async () => {
    const values = [...TEXTS, null, undefined];
    const { rows } = await test.db.query<{ values: (string | null)[] }>('select $1::text[] as values', [arrayLiteral(values)]);
    expect(rows[0]!.values).toEqual([...TEXTS, null, null]);
  });

  it('is what node-postgres would have sent, for every type a replay sends', async () => {
    const uuid = '2f1c6a8e-5b1d-4c8e-9a51-0f2f6d3c9b7a';
    const cases: [string, unknown[]][] = [
      ['text[]', TEXTS],
      ['uuid[]', [uuid, uuid.toUpperCase()]],
      ['int[]', [0, -1, 2_147_483_647, null]],
      ['bigint[]', [1n, 9_007_199_254_740_993n, '42']],
      ['boolean[]', [true, false, null]],
      ['timestamptz[]', ['2026-11-29T12:08:45.056Z', '2026-11-29 12:08:45.056+00']],
      ['jsonb[]', [JSON.stringify({ a: 'quote " and \\ backslash', b: [1, 2] }), '[]', null]],
      ['bytea[]', [Buffer.from([0, 1, 254, 255]), Buffer.alloc(0), null]],
      ['int[]', []],
      ['text[]', ['only one']],
      ['int[]', [7]],
    ];
    for (const [type, values] of cases) {
      const ours = await test.db.query(`select $1::${type} as v`, [arrayLiteral(values as never)]);
      const theirs = await test.db.query(`select $1::${type} as v`, [values]);
      expect(ours.rows[0]!.v, type).toEqual(theirs.rows[0]!.v);
    }
  });
});

describe('jsonArrayOf', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('json_array_of');
  });
  afterAll(() => test?.drop());

  const DOCUMENTS = [{ a: 'quote " and \\ backslash', b: [1, 2.5, null], c: { d: 'Zürich 日本語 😀', e: 'tab\tnew\nline' } }, {}, { only: true }];

  it('gives jsonb_array_elements each document, in order, as jsonb reads it alone', async () => {
    const texts = DOCUMENTS.map((d) => JSON.stringify(d));
    const ours = await test.db.query<{ ord: string; value: string }>(
      'select ord, value::json::text as value from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord) order by ord',
      [jsonArrayOf(texts)],
    );
    const alone = await test.db.query<{ value: string }>('select t::jsonb::json::text as value from unnest($1::text[]) as t', [arrayLiteral(texts)]);
    expect(ours.rows.map((r) => r.value)).toEqual(alone.rows.map((r) => r.value));
    expect(ours.rows.map((r) => JSON.parse(r.value))).toEqual(DOCUMENTS);
  });

  it('is an empty array for no documents, and refuses a NUL as jsonb does', async () => {
    const empty = await test.db.query<{ n: number }>('select count(*)::int as n from jsonb_array_elements($1::jsonb)', [jsonArrayOf([])]);
    expect(empty.rows[0]!.n).toBe(0);
    await expect(test.db.query('select jsonb_array_elements($1::jsonb)', [jsonArrayOf(['{"ok":1}', JSON.stringify({ bad: 'a\u0000b' })])])).rejects.toThrow(/unsupported Unicode escape sequence/);
  });
});
