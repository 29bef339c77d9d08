import type { RecordedEvent } from '@ticketing/event-store';
import type { DbClient } from '@ticketing/postgres';

/** Put in `canHandle` to receive every event of the log (audit read models follow everything). */
export const ANY_EVENT = '*';

/** One table a projection owns. Nothing else writes it, so dropping it and replaying the log rebuilds it. */
export interface ProjectionTable {
  /** Unqualified name, unique across projections (e.g. `stream_summary`). */
  readonly name: string;
  /**
   * `create table` (and its indexes) placed in `schema.schema`; write names through `schema.table(name)`.
   * Given a schema rather than hard-coding one so that `verify` can build a second copy in a scratch schema.
   * Columns must be derived from events only (no `now()`, no serial ids) so a rebuild equals the live rows,
   * and comparable with `except` (jsonb, not json).
   */
  readonly ddl: (schema: SchemaNames) => string;
}

/** Names inside one schema, quoted for SQL. */
export interface SchemaNames {
  readonly schema: string;
  /** Schema-qualified, quoted name of one of the projection's tables, e.g. `"public"."stream_summary"`. */
  table(name: string): string;
}

/** What `apply` may use: the transaction that will also move the checkpoint. */
export interface ProjectionTx extends SchemaNames {
  readonly client: DbClient;
}

/** A read model: tables built from the log by `apply`, emmett-like, one folder per read model. */
export interface Projection {
  /** Stable key of the checkpoint, kebab-case (`stream-summary`). */
  readonly name: string;
  /** Bump when the tables or `apply` change meaning: a runner that starts with a new version rebuilds. */
  readonly version: number;
  readonly tables: readonly ProjectionTable[];
  /** Event types `apply` is given; `ANY_EVENT` for all. Other events only move the checkpoint. */
  readonly canHandle: readonly string[];
  /**
   * Writes the rows for one event inside the batch's transaction. Throwing rolls the whole batch back
   * (rows and checkpoint) and stops this projection: it never skips an event silently.
   */
  apply(event: RecordedEvent, tx: ProjectionTx): Promise<void>;
  /**
   * Optional: writes the rows for several events at once (the handled ones of a batch, in log order), for the
   * read models of the hot path, where one statement per event is what limits an on-sale rush. Must leave the
   * same rows as `apply` called for each event in turn.
   */
  applyBatch?(events: readonly RecordedEvent[], tx: ProjectionTx): Promise<void>;
  /**
   * Every event it handles is also written by the append itself (inlineProjection), so its live tables may
   * be ahead of its checkpoint, as far as the log's head: verify then also compares at the head.
   */
  readonly writtenInline?: boolean;
}

/** canHandle as a set, made once per projection: a replay asks for every event of the log and every projection. */
const handledTypes = new WeakMap<Projection, (eventType: string) => boolean>();

export function handles(projection: Projection, eventType: string): boolean {
  return handledBy(projection)(eventType);
}

/** Whether the projection is handed every event (`ANY_EVENT`): a page then goes to it without a filter. */
export function handlesAll(projection: Projection): boolean {
  return projection.canHandle.includes(ANY_EVENT);
}

/** handles for one projection, looked up once: for a page of events asked one by one. */
export function handledBy(projection: Projection): (eventType: string) => boolean {
  let handled = handledTypes.get(projection);
  if (!handled) {
    const types = new Set(projection.canHandle);
    handled = handlesAll(projection) ? () => true : (eventType) => types.has(eventType);
    handledTypes.set(projection, handled);
  }
  return handled;
}
