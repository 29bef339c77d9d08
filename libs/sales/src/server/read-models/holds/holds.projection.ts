import type { RecordedEvent } from '@ticketing/event-store';
import { inlineProjection, type Projection, type ProjectionTx } from '@ticketing/projections';
import { inventoryEventTypes, withoutOneSeat, type InventoryEvent, type SeatsHeld, type TicketLine } from '@ticketing/sales/domain';
import { runsOf } from '../runs.js';

export const HOLDS_TABLE = 'sales_holds';

/** What the holds read from an event: also all an append knows of it before it is placed in the log (inline). */
type HoldEvent = Pick<RecordedEvent, 'type' | 'data' | 'revision' | 'metadata'>;

/**
 * Every hold of every event and whether it still stands (HELD, with its expiry; SOLD, without; RELEASED): what the catalog's availability, the "all tickets
 * reserved" notice and code usage are counted from, and what the sweeper checks for holds past their expiry.
 */
async function apply(recorded: HoldEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(HOLDS_TABLE);
  const event = { type: recorded.type, data: recorded.data } as InventoryEvent;
  switch (event.type) {
    case 'SeatsHeld': {
      const { reservationId, eventShortName, tickets, services, codeUse, expiresAt } = event.data;
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, expires_at, tickets, services, code, code_uses, revision)
         values ($1, $2, 'HELD', $3, $4::jsonb, $5::jsonb, $6, $7, $8)
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
 * One insert per run of holds and one update per run of releases: a rush holds hundreds of seats per batch.
 * Replaying an event changes nothing (insert-if-absent, updates only from an older revision), so the runner
 * can apply again what an append already wrote inline.
 */
async function applyBatch(events: readonly HoldEvent[], tx: ProjectionTx): Promise<void> {
  const table = tx.table(HOLDS_TABLE);
  for (const run of runsOf(events, (e) => e.type)) {
    if (run.kind === 'SeatsHeld') {
      const held = run.items.map((e) => ({ revision: e.revision, data: e.data as SeatsHeld['data'] }));
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, expires_at, tickets, services, code, code_uses, revision)
         select r.id, r.short_name, 'HELD', r.expires_at, r.tickets, r.services, r.code, r.code_uses, r.revision
           from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::jsonb[], $5::jsonb[], $6::text[], $7::int[], $8::int[])
             as r(id, short_name, expires_at, tickets, services, code, code_uses, revision)
         on conflict (reservation_id) do nothing`,
        [
          held.map((h) => h.data.reservationId),
          held.map((h) => h.data.eventShortName),
          held.map((h) => h.data.expiresAt),
          held.map((h) => JSON.stringify(h.data.tickets)),
          held.map((h) => JSON.stringify(h.data.services)),
          held.map((h) => h.data.codeUse?.code ?? null),
          held.map((h) => h.data.codeUse?.uses ?? 0),
          held.map((h) => h.revision),
        ],
      );
    } else if (run.kind !== 'HoldReleased') {
      for (const event of run.items) await apply(event, tx);
    } else {
      await tx.client.query(
        `update ${table} h set status = 'RELEASED', revision = r.revision
           from unnest($1::uuid[], $2::int[]) as r(id, revision)
          where h.reservation_id = r.id and h.revision < r.revision`,
        [run.items.map((e) => (e.data as { reservationId: string }).reservationId), run.items.map((e) => e.revision)],
      );
    }
  }
}

export const holdsProjection: Projection = {
  name: 'sales-holds',
  version: 3,
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
          revision integer not null
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
export const inlineHolds = inlineProjection(holdsProjection, applyBatch);
