import type { RecordedEvent } from '@ticketing/event-store';
import { arrayLiteral } from '@ticketing/postgres';
import { ANY_EVENT, type Projection, type ProjectionTx } from '@ticketing/projections';
import { isSharedStream } from '../../queries/order-story/order-links.js';

export const ORDER_MENTIONS_TABLE = 'audit_order_mentions';

/** An order's id as every context makes it: a UUID (randomUUID). Case kept: the story compares ids exactly. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isOrderIdShaped = (value: string): boolean => UUID.test(value);

/**
 * Fields that hold tickets' ids: a ticket's id is never an order's (each is a UUID of its own), so they are not
 * indexed. A hold names each of its tickets (SeatsHeld's opening): this is half the index's rows left out.
 */
const TICKET_ID_FIELDS: ReadonlySet<string> = new Set(['ticketId', 'ticketIds']);

/**
 * Every UUID an event's data names, anywhere (a field, a list, a nested object), each once, but for tickets' ids:
 * the ids the story's `mentions` can match for an order, for an order id is a UUID. Only events of the streams an
 * order shares with others are indexed (its own streams are read whole).
 */
export function idsNamedBy(data: unknown, into = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    if (data.length === 36 && UUID.test(data)) into.add(data); // the length first: most strings of an event are no id
  } else if (Array.isArray(data)) {
    for (const value of data) idsNamedBy(value, into);
  } else if (data && typeof data === 'object') {
    const fields = data as Record<string, unknown>;
    for (const field in fields) if (!TICKET_ID_FIELDS.has(field)) idsNamedBy(fields[field], into);
  }
  return into;
}

/**
 * The mentions of a batch in one insert. The runner hands a batch only events past the checkpoint, which moves with
 * the rows, so none of them is in the table yet: a plain insert, without the conflict check (about 2 µs of
 * PostgreSQL per row). `apply`, one event at a time, may be handed one again and then changes nothing.
 */
async function applyBatch(events: readonly RecordedEvent[], tx: ProjectionTx): Promise<void> {
  await insertMentions(events, tx, 'new');
}

async function insertMentions(events: readonly RecordedEvent[], tx: ProjectionTx, rows: 'new' | 'maybe-there'): Promise<void> {
  const ids: string[] = [];
  const streams: string[] = [];
  const revisions: number[] = [];
  const positions: string[] = [];
  for (const event of events) {
    if (!isSharedStream(event.streamId)) continue;
    for (const id of idsNamedBy(event.data)) {
      ids.push(id);
      streams.push(event.streamId);
      revisions.push(event.revision);
      positions.push(event.position.toString());
    }
  }
  if (ids.length === 0) return;
  // One row per (id, event): an event applied again hits its key and changes nothing.
  await tx.client.query(
    `insert into ${tx.table(ORDER_MENTIONS_TABLE)} (order_id, position, stream_id, revision)
     select * from unnest($1::text[], $2::bigint[], $3::text[], $4::int[])${rows === 'maybe-there' ? ' on conflict do nothing' : ''}`,
    [arrayLiteral(ids), arrayLiteral(positions), arrayLiteral(streams), arrayLiteral(revisions)],
  );
}

/**
 * Where the streams an order shares with other orders (an event's inventory, an invoice sequence, a pass, a
 * user) name it: (order id, global position, stream, revision). `audit order` reads an order's holds of a
 * 20,000-event inventory from here, by index, instead of reading the whole stream and filtering it.
 */
export const orderMentionsProjection: Projection = {
  name: 'audit-order-mentions',
  version: 2,
  canHandle: [ANY_EVENT],
  tables: [
    {
      name: ORDER_MENTIONS_TABLE,
      ddl: (s) => `
        create table ${s.table(ORDER_MENTIONS_TABLE)} (
          order_id text not null,
          position bigint not null,
          stream_id text not null,
          revision integer not null,
          primary key (order_id, position)
        )`,
    },
  ],
  apply: (event, tx) => insertMentions([event], tx, 'maybe-there'),
  applyBatch,
};
