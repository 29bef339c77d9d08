import { arrayLiteral } from '@ticketing/postgres';
import type { ProjectionTx } from './projection.js';
import { quoteIdent } from './sql-names.js';

export interface RowFoldOptions {
  /** Type of the key column (default uuid). */
  readonly keyType?: 'uuid' | 'text';
  /** Keep a row someone else moved to a later `revision` meanwhile (see the class). */
  readonly guardRevision?: boolean;
  /**
   * Columns written when a row is inserted and never changed afterwards (a reservation's opening data): not
   * loaded (absent from the rows `get` returns) and not rewritten, so a large document is not carried back and
   * forth each time its row changes.
   */
  readonly insertOnly?: readonly string[];
}

/**
 * The rows of one table that a batch touches, folded in memory: loaded with one statement, changed event by event
 * in log order by plain functions, written back with one insert and one update. A replay changes the same reservation or ticket
 * several times within a page; this is one round trip to load and one to write per batch instead of one per event.
 *
 * Rows travel as JSON both ways (`to_jsonb` to load, `jsonb_populate_recordset` to write): values keep their
 * meaning as the table's column types read them (times as ISO text, jsonb as objects, bigint as numbers, so
 * below 2^53). A new row must name every column (a missing one is written as null, not its default).
 *
 * The write-back replaces rows whole: for a table that nothing but the runner writes (under the projection's
 * checkpoint lock), or, with `guardRevision`, one whose every change moves an integer `revision` column forward
 * (an inline projection): a row changed meanwhile to a later revision is then kept as it is.
 */
export class RowFold<Row extends Record<string, unknown>> {
  /** Loaded or written rows by key; null when the table has no such row. */
  private readonly rows = new Map<string, Row | null>();
  private readonly dirty = new Set<string>();
  /** Keys whose row is in the table (loaded, or written by a flush). */
  private readonly existing = new Set<string>();

  private readonly keyType: 'uuid' | 'text';
  private readonly guardRevision: boolean;
  private readonly insertOnly: ReadonlySet<string>;

  constructor(
    private readonly tx: ProjectionTx,
    private readonly table: string,
    /** The primary key column; keys are compared as the key type reads them (uuid: lower case). */
    private readonly key: string & keyof Row,
    options: RowFoldOptions = {},
  ) {
    this.keyType = options.keyType ?? 'uuid';
    this.guardRevision = options.guardRevision ?? false;
    this.insertOnly = new Set(options.insertOnly ?? []);
  }

  normalize(key: string): string {
    return this.keyType === 'uuid' ? key.toLowerCase() : key;
  }

  /** Loads the rows of these keys not loaded yet (one statement). */
  async load(keys: Iterable<string>): Promise<void> {
    const missing = [...new Set([...keys].map((k) => this.normalize(k)))].filter((k) => !this.rows.has(k));
    if (missing.length === 0) return;
    const { rows } = await this.tx.client.query<{ row: Row }>(
      `select to_jsonb(t) - $2::text[] as row from ${this.tx.table(this.table)} t where ${quoteIdent(this.key)} = any($1::${this.keyType}[])`,
      [arrayLiteral(missing), arrayLiteral([...this.insertOnly])],
    );
    for (const key of missing) this.rows.set(key, null);
    for (const { row } of rows) {
      const key = this.normalize(String(row[this.key]));
      this.rows.set(key, row);
      this.existing.add(key);
    }
  }

  /** The row as the events so far left it; undefined when there is none. The key must have been loaded. */
  get(key: string): Row | undefined {
    const row = this.rows.get(this.normalize(key));
    if (row === undefined) throw new Error(`row ${key} of ${this.table} was not loaded before it was read`);
    return row ?? undefined;
  }

  set(key: string, row: Row): void {
    const normalized = this.normalize(key);
    this.rows.set(normalized, row);
    this.dirty.add(normalized);
  }

  /** Writes every changed row: one insert for the new rows, one update for those that were there. */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const dirty = [...this.dirty];
    this.dirty.clear();
    const table = this.tx.table(this.table);
    const key = quoteIdent(this.key);
    const columnsOf = (rows: readonly Row[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((c) => c !== this.key && !this.insertOnly.has(c));
    const guard = this.guardRevision ? `and ${table}.revision < r.revision` : '';
    const added = dirty.filter((k) => !this.existing.has(k)).map((k) => this.rows.get(k)!);
    const changed = dirty.filter((k) => this.existing.has(k)).map((k) => this.rows.get(k)!);
    if (added.length > 0) {
      // A row not loaded is not there: nothing but the runner writes the table, under the checkpoint lock (no conflict
      // check then, about 2 µs of PostgreSQL per row). With guardRevision an inline append may have written it
      // meanwhile: it is then updated as below instead.
      const columns = columnsOf(added);
      const onConflict = this.guardRevision
        ? `on conflict (${key}) do ${columns.length === 0 ? 'nothing' : `update set ${columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}
         where ${table}.revision < excluded.revision`}`
        : '';
      await this.tx.client.query(`insert into ${table} select * from jsonb_populate_recordset(null::${table}, $1::jsonb) ${onConflict}`, [JSON.stringify(added)]);
      for (const k of dirty) this.existing.add(k);
    }
    if (changed.length > 0) {
      // insert-only columns are absent from these rows: an update leaves them as they are
      const columns = columnsOf(changed);
      await this.tx.client.query(
        `update ${table} set ${columns.map((c) => `${quoteIdent(c)} = r.${quoteIdent(c)}`).join(', ')}
           from jsonb_populate_recordset(null::${table}, $1::jsonb) as r
          where ${table}.${key} = r.${key} ${guard}`,
        [JSON.stringify(changed)],
      );
    }
  }

  /** Writes what changed and forgets every row: for an event applied with SQL of its own, which may change any of them. */
  async flushAndForget(): Promise<void> {
    await this.flush();
    this.rows.clear();
    this.existing.clear();
  }
}
