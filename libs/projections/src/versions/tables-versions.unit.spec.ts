import type { Queryable } from '@ticketing/postgres';
import { describe, expect, it } from 'vitest';
import { TablesVersions } from './tables-versions.js';

function checkpoints(rows: { name: string; version: string }[]) {
  let reads = 0;
  const db = {
    query: async () => {
      reads++;
      return { rows };
    },
  } as unknown as Queryable;
  return { db, reads: () => reads };
}

describe('TablesVersions', () => {
  it('answers the readers of one pool that ask together with one statement', async () => {
    const { db, reads } = checkpoints([
      { name: 'catalog-events', version: '7:1' },
      { name: 'sales-holds', version: '9:2' },
    ]);
    const [catalog, holds] = await Promise.all([TablesVersions.of(db).version(['catalog-events']), TablesVersions.of(db).version(['sales-holds'])]);
    expect(catalog).toBe('catalog-events:7:1');
    expect(holds).toBe('sales-holds:9:2');
    expect(reads()).toBe(1);
  });

  it('changes the version of a list when any of its projections wrote rows', async () => {
    const before = checkpoints([{ name: 'a', version: '1:1' }, { name: 'b', version: '1:1' }]);
    const after = checkpoints([{ name: 'a', version: '1:1' }, { name: 'b', version: '2:1' }]);
    const versionOf = (db: Queryable) => TablesVersions.of(db).version(['a', 'b']);
    expect(await versionOf(before.db)).not.toBe(await versionOf(after.db));
  });
});
