import type { DbClient } from '@ticketing/postgres';
import type { Projection } from './projection.js';
import { schemaNames } from './sql-names.js';

/** Drops the projection's tables in `schema` (if there) and creates them empty from its DDL. */
export async function recreateTables(client: DbClient, projection: Projection, schema: string): Promise<void> {
  const names = schemaNames(projection, schema);
  for (const table of projection.tables) await client.query(`drop table if exists ${names.table(table.name)} cascade`);
  for (const table of projection.tables) await client.query(table.ddl(names));
}
