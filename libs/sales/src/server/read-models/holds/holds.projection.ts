import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { inventoryEventTypes, type InventoryEvent } from '../../../domain/inventory/inventory.events.js';

export const HOLDS_TABLE = 'sales_holds';

/**
 * Every hold of every event and whether it still stands: what the catalog's availability, the "all tickets
 * reserved" notice and code usage are counted from, and what the sweeper checks for holds past their expiry.
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
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
  }
}

export const holdsProjection: Projection = {
  name: 'sales-holds',
  version: 1,
  canHandle: inventoryEventTypes,
  tables: [
    {
      name: HOLDS_TABLE,
      ddl: (s) => `
        create table ${s.table(HOLDS_TABLE)} (
          reservation_id uuid primary key,
          short_name text not null,
          status text not null,
          expires_at timestamptz not null,
          tickets jsonb not null,
          services jsonb not null,
          code text,
          code_uses integer not null,
          revision integer not null
        );
        create index on ${s.table(HOLDS_TABLE)} (short_name) where status = 'HELD';
        create index on ${s.table(HOLDS_TABLE)} (expires_at) where status = 'HELD'`,
    },
  ],
  apply,
};
