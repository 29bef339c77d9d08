import type { RecordedEvent } from '@ticketing/event-store';
import { USER_DELETED, type UserDeletedData } from '@ticketing/accounts/contracts';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { ticketEventTypes } from '@ticketing/ticketing/domain';
import { ticketFromLog } from '../tickets/ticket-stream.js';

export const TICKETS_TABLE = 'ticketing_tickets';

/**
 * One row per issued ticket: its order, category, status and current holder (decrypted from the log; null once
 * the holder's data was erased). What an order's page lists, in issue order.
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(TICKETS_TABLE);
  if (recorded.type === USER_DELETED) {
    // the owner of these orders deleted their profile: the holders' keys are forgotten, their names go here too
    const { reservationIds } = recorded.data as unknown as UserDeletedData;
    await tx.client.query(`update ${table} set holder = null where reservation_id = any($1::uuid[]) and holder is not null`, [reservationIds]);
    return;
  }
  const event = ticketFromLog(recorded);
  const at = recorded.metadata.occurredAt;
  switch (event.type) {
    case 'TicketIssued': {
      const d = event.data;
      await tx.client.query(
        `insert into ${table} (ticket_id, reservation_id, event_short_name, category_id, status, holder, issued_position, issued_at, updated_at, revision)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8, $9) on conflict (ticket_id) do nothing`,
        [d.ticketId, d.reservationId, d.eventShortName, d.categoryId, d.status, d.attendee ? JSON.stringify(d.attendee) : null, String(recorded.position), at, recorded.revision],
      );
      return;
    }
    case 'TicketAssigned':
      await tx.client.query(`update ${table} set holder = $2::jsonb, updated_at = $3, revision = $4 where ticket_id = $1 and revision < $4`, [
        event.data.ticketId,
        event.data.holder ? JSON.stringify(event.data.holder) : null,
        at,
        recorded.revision,
      ]);
      return;
    case 'TicketReleased':
    case 'TicketCheckedIn':
      await tx.client.query(`update ${table} set status = $2, holder = case when $2 = 'RELEASED' then null else holder end, updated_at = $3, revision = $4 where ticket_id = $1 and revision < $4`, [
        event.data.ticketId,
        event.type === 'TicketReleased' ? 'RELEASED' : 'CHECKED_IN',
        at,
        recorded.revision,
      ]);
      return;
    case 'TicketSent':
      await tx.client.query(`update ${table} set emails_sent = emails_sent + 1, updated_at = $2, revision = $3 where ticket_id = $1 and revision < $3`, [
        event.data.ticketId,
        at,
        recorded.revision,
      ]);
      return;
  }
}

export const ticketsProjection: Projection = {
  name: 'ticketing-tickets',
  version: 2,
  canHandle: [...ticketEventTypes, USER_DELETED],
  tables: [
    {
      name: TICKETS_TABLE,
      ddl: (s) => `
        create table ${s.table(TICKETS_TABLE)} (
          ticket_id uuid primary key,
          reservation_id uuid not null,
          event_short_name text not null,
          category_id integer not null,
          status text not null,
          holder jsonb,
          emails_sent integer not null default 0,
          issued_position bigint not null,
          issued_at timestamptz not null,
          updated_at timestamptz not null,
          revision integer not null
        );
        create index on ${s.table(TICKETS_TABLE)} (reservation_id, issued_position)`,
    },
  ],
  apply,
};

export const ticketingProjections: readonly Projection[] = [ticketsProjection];
