import type { Projection, SchemaNames } from './projection.js';

/** The schema the live read tables live in unless the runner is told otherwise. */
export const LIVE_SCHEMA = 'public';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Names of a projection's own tables in `schema`. Asking for a table the projection does not declare
 * throws: a projection that wrote someone else's table could not be rebuilt from its own DDL.
 */
export function schemaNames(projection: Projection, schema: string): SchemaNames {
  const owned = new Set(projection.tables.map((t) => t.name));
  return {
    schema,
    table(name: string): string {
      if (!owned.has(name)) throw new Error(`projection ${projection.name} does not own a table named ${name}`);
      return `${quoteIdent(schema)}.${quoteIdent(name)}`;
    },
  };
}
