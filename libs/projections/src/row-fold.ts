import type { ProjectionTx } from './projection.js';
import { quoteIdent } from './sql-names.js';

/**
 * The rows of one table that a batch touches, folded in memory: loaded with one statement, changed event by event
 * in log order by plain functions, written back with one upsert. A replay changes the same reservation or ticket
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

  constructor(
    private readonly tx: ProjectionTx,
    private readonly table: string,
    /** The primary key column; keys are compared as the key type reads them (uuid: lower case). */
    private readonly key: string & keyof Row,
    private readonly keyType: 'uuid' | 'text' = 'uuid',
    private readonly guardRevision = false,
  ) {}

  normalize(key: string): string {
    return this.keyType === 'uuid' ? key.toLowerCase() : key;
  }

  /** Loads the rows of these keys not loaded yet (one statement). */
  async load(keys: Iterable<string>): Promise<void> {
    const missing = [...new Set([...keys].map((k) => this.normalize(k)))].filter((k) => !this.rows.has(k));
    if (missing.length === 0) return;
    const { rows } = await this.tx.client.query<{ row: Row }>(
      `select to_jsonb(t) as row from ${this.tx.table(this.table)} t where ${quoteIdent(this.key)} = any($1::${this.keyType}[])`,
      [missing],
    );
    for (const key of missing) this.rows.set(key, null);
    for (const { row } of rows) this.rows.set(this.normalize(String(row[this.key])), row);
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

  /** Writes every changed row in one statement. */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty].map((key) => this.rows.get(key)!);
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((c) => c !== this.key);
    const table = this.tx.table(this.table);
    await this.tx.client.query(
      `insert into ${table} select * from jsonb_populate_recordset(null::${table}, $1::jsonb)
       on conflict (${quoteIdent(this.key)}) do update set ${columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}
       ${this.guardRevision ? `where ${table}.revision < excluded.revision` : ''}`,
      [JSON.stringify(rows)],
    );
    this.dirty.clear();
  }

  /** Writes what changed and forgets every row: for an event applied with SQL of its own, which may change any of them. */
  async flushAndForget(): Promise<void> {
    await this.flush();
    this.rows.clear();
  }
}
