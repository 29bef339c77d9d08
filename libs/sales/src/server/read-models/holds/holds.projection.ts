import type { RecordedEvent } from '@ticketing/event-store';
import { arrayLiteral } from '@ticketing/postgres';
import { inlineProjection, RowFold, type Projection, type ProjectionTx } from '@ticketing/projections';
import { inventoryEventTypes, withoutOneSeat, type InventoryEvent, type SeatsHeld, type TicketLine } from '@ticketing/sales/domain';
import { runsOf } from '../runs.js';

export const HOLDS_TABLE = 'sales_holds';

/** What the holds read from an event: also all an append knows of it before it is placed in the log (inline). */
type HoldEvent = Pick<RecordedEvent, 'type' | 'data' | 'revision' | 'metadata'>;

/**
 * Every hold of every event and whether it still stands (HELD, with its expiry; SOLD, without; RELEASED): what the catalog's availability, the "all tickets
 * reserved" notice and code usage are counted from, and what the sweeper checks for holds past their expiry; and
 * where in its inventory stream a hold's SeatsHeld is (`held_revision`): a reservation whose stream is not written yet
 * is read from there (ReservationLog).
 */
async function apply(recorded: HoldEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(HOLDS_TABLE);
  const event = { type: recorded.type, data: recorded.data } as InventoryEvent;
  switch (event.type) {
    case 'SeatsHeld': {
      const { reservationId, eventShortName, tickets, services, codeUse, expiresAt } = event.data;
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, expires_at, tickets, services, code, code_uses, revision, held_revision)
         values ($1, $2, 'HELD', $3, $4::jsonb, $5::jsonb, $6, $7, $8, $8)
         on conflict (reservation_id) do nothing`,
        [reservationId, eventShortName, expiresAt, JSON.stringify(tickets), JSON.stringify(services), codeUse?.code ?? null, codeUse?.uses ?? 0, recorded.revision],
      );
      return;
    }
    case 'HoldReleased':
      await tx.client.query(`update ${table} set status = 'RELEASED', revision = $2 where reservation_id = $1 and revision < $2`, [
        event.data.reservationId,
        recorded.revision,
      ]);
      return;
    case 'HoldExtended':
      await tx.client.query(`update ${table} set expires_at = $2, revision = $3 where reservation_id = $1 and revision < $3`, [
        event.data.reservationId,
        event.data.expiresAt,
        recorded.revision,
      ]);
      return;
    case 'SeatsSold':
      await tx.client.query(`update ${table} set status = 'SOLD', expires_at = null, revision = $2 where reservation_id = $1 and revision < $2`, [
        event.data.reservationId,
        recorded.revision,
      ]);
      return;
    case 'TicketReturned': {
      const row = await tx.client.query<{ tickets: TicketLine[] }>(`select tickets from ${table} where reservation_id = $1 and revision < $2 for update`, [
        event.data.reservationId,
        recorded.revision,
      ]);
      const held = row.rows[0];
      if (!held) return;
      await tx.client.query(`update ${table} set tickets = $2::jsonb, revision = $3 where reservation_id = $1`, [
        event.data.reservationId,
        JSON.stringify(withoutOneSeat(held.tickets, event.data.categoryId)),
        recorded.revision,
      ]);
      return;
    }
  }
}

/**
 * What appends write inline: one insert per run of holds and one update per run of releases or sales (a rush
 * holds hundreds of seats per batch; one statement per append on the hot path). Replaying an event changes
 * nothing (insert-if-absent, updates only from an older revision), so the runner can apply again what an
 * append already wrote inline.
 */
async function applyRuns(events: readonly HoldEvent[], tx: ProjectionTx): Promise<void> {
  const table = tx.table(HOLDS_TABLE);
  for (const run of runsOf(events, (e) => e.type)) {
    if (run.kind === 'SeatsHeld') {
      const held = run.items.map((e) => ({ revision: e.revision, data: e.data as SeatsHeld['data'] }));
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, expires_at, tickets, services, code, code_uses, revision, held_revision)
         select r.id, r.short_name, 'HELD', r.expires_at, r.tickets, r.services, r.code, r.code_uses, r.revision, r.revision
           from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::jsonb[], $5::jsonb[], $6::text[], $7::int[], $8::int[])
             as r(id, short_name, expires_at, tickets, services, code, code_uses, revision)
         on conflict (reservation_id) do nothing`,
        [
          arrayLiteral(held.map((h) => h.data.reservationId)),
          arrayLiteral(held.map((h) => h.data.eventShortName)),
          arrayLiteral(held.map((h) => h.data.expiresAt)),
          arrayLiteral(held.map((h) => JSON.stringify(h.data.tickets))),
          arrayLiteral(held.map((h) => JSON.stringify(h.data.services))),
          arrayLiteral(held.map((h) => h.data.codeUse?.code ?? null)),
          arrayLiteral(held.map((h) => h.data.codeUse?.uses ?? 0)),
          arrayLiteral(held.map((h) => h.revision)),
        ],
      );
    } else if (run.kind === 'HoldReleased' || run.kind === 'SeatsSold') {
      // one event of a kind per hold: a reservation's hold is released or sold once
      await tx.client.query(
        `update ${table} h set status = $3, expires_at = case when $3 = 'SOLD' then null else h.expires_at end, revision = r.revision
           from unnest($1::uuid[], $2::int[]) as r(id, revision)
          where h.reservation_id = r.id and h.revision < r.revision`,
        [arrayLiteral(run.items.map((e) => (e.data as { reservationId: string }).reservationId)), arrayLiteral(run.items.map((e) => e.revision)), run.kind === 'SeatsSold' ? 'SOLD' : 'RELEASED'],
      );
    } else {
      for (const event of run.items) await apply(event, tx);
    }
  }
}

interface HoldRow extends Record<string, unknown> {
  reservation_id: string;
  short_name: string;
  status: string;
  expires_at: string | null;
  tickets: TicketLine[];
  services: unknown;
  code: string | null;
  code_uses: number;
  revision: number;
  held_revision: number;
}

/** What `apply` does to a hold already there (guarded by the revision), as a function. */
function evolve(row: HoldRow, event: InventoryEvent, revision: number): HoldRow | undefined {
  switch (event.type) {
    case 'HoldReleased':
      return { ...row, status: 'RELEASED', revision };
    case 'HoldExtended':
      return { ...row, expires_at: event.data.expiresAt, revision };
    case 'SeatsSold':
      return { ...row, status: 'SOLD', expires_at: null, revision };
    case 'TicketReturned':
      return { ...row, tickets: withoutOneSeat(row.tickets, event.data.categoryId), revision };
    default:
      return undefined;
  }
}

/**
 * What the runner applies, for a whole batch (a page of a replay holds, sells and releases in every order, runs
 * of one kind are short): the holds it names loaded at once, each event folded into its row in memory with the
 * rules of `apply`, the changed rows written back in one statement that keeps a row an append changed meanwhile
 * to a later revision (inline).
 */
async function applyBatch(events: readonly HoldEvent[], tx: ProjectionTx): Promise<void> {
  const rows = new RowFold<HoldRow>(tx, HOLDS_TABLE, 'reservation_id', { guardRevision: true, insertOnly: ['short_name', 'services', 'code', 'code_uses', 'held_revision'] });
  await rows.load(events.map((e) => (e.data as { reservationId: string }).reservationId));
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as InventoryEvent;
    const id = (event.data as { reservationId: string }).reservationId;
    const row = rows.get(id);
    if (event.type === 'SeatsHeld') {
      if (row) continue;
      const { reservationId, eventShortName, tickets, services, codeUse, expiresAt } = event.data;
      rows.set(id, {
        reservation_id: reservationId,
        short_name: eventShortName,
        status: 'HELD',
        expires_at: expiresAt,
        tickets: tickets as TicketLine[],
        services,
        code: codeUse?.code ?? null,
        code_uses: codeUse?.uses ?? 0,
        revision: recorded.revision,
        held_revision: recorded.revision,
      });
      continue;
    }
    if (!row || row.revision >= recorded.revision) continue;
    const next = evolve(row, event, recorded.revision);
    if (next) rows.set(id, next);
  }
  await rows.flush();
}

export const holdsProjection: Projection = {
  name: 'sales-holds',
  version: 4,
  canHandle: inventoryEventTypes,
  tables: [
    {
      name: HOLDS_TABLE,
      ddl: (s) => `
        create table ${s.table(HOLDS_TABLE)} (
          reservation_id uuid primary key,
          short_name text not null,
          status text not null,
          expires_at timestamptz,
          tickets jsonb not null,
          services jsonb not null,
          code text,
          code_uses integer not null,
          revision integer not null,
          held_revision integer not null
        );
        create index on ${s.table(HOLDS_TABLE)} (short_name) where status in ('HELD', 'SOLD');
        create index on ${s.table(HOLDS_TABLE)} (expires_at) where status = 'HELD'`,
    },
  ],
  apply,
  applyBatch,
  writtenInline: true,
};

/**
 * Written by every append of the inventory desk in its own transaction: the seats left a buyer reads right after
 * reserving count the hold without waiting for the runner (read-your-writes), which applies the same events later.
 */
export const inlineHolds = inlineProjection(holdsProjection, applyRuns);
