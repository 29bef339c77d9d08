import { SUBJECT_FORGOTTEN, type RecordedEvent, type SubjectForgottenData } from '@ticketing/event-store';
import { USER_DELETED, type UserDeletedData } from '@ticketing/accounts/contracts';
import { RowFold, type Projection, type ProjectionTx } from '@ticketing/projections';
import { ticketEventTypes } from '@ticketing/ticketing/domain';
import { ticketFromLog } from '../tickets/ticket-stream.js';
import { pollAnswersProjection } from '../polls/poll-answers.projection.js';

export const TICKETS_TABLE = 'ticketing_tickets';

/** Events that choose their rows by something else than a ticket id. */
const erasing = (type: string) => type === USER_DELETED || type === SUBJECT_FORGOTTEN;

/**
 * One row per issued ticket: its order, category, status and current holder (decrypted from the log; null once
 * the holder's data was erased, with the subject it is kept under). What an order's page lists, in issue order.
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(TICKETS_TABLE);
  if (recorded.type === SUBJECT_FORGOTTEN) {
    // `audit forget-subject`: the holders kept under that subject read as erased in the log now, and here too
    const { subjectId } = recorded.data as unknown as SubjectForgottenData;
    await tx.client.query(`update ${table} set holder = null where subject_id = $1 and holder is not null`, [subjectId]);
    return;
  }
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
        `insert into ${table} (ticket_id, reservation_id, event_short_name, category_id, status, holder, subject_id, issued_position, issued_at, updated_at, revision)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $9, $10) on conflict (ticket_id) do nothing`,
        [d.ticketId, d.reservationId, d.eventShortName, d.categoryId, d.status, d.attendee ? JSON.stringify(d.attendee) : null, d.subjectId ?? null, String(recorded.position), at, recorded.revision],
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

interface TicketRow extends Record<string, unknown> {
  ticket_id: string;
  reservation_id: string;
  event_short_name: string;
  category_id: number;
  status: string;
  holder: unknown;
  subject_id: string | null;
  emails_sent: number;
  issued_position: string | number;
  issued_at: string;
  updated_at: string;
  revision: number;
}

/**
 * The rows `apply` leaves, for a whole batch: the tickets it names loaded at once, each event folded into its row in
 * memory with the same rules (insert if absent, change only from an older revision), the changed rows written back
 * in one statement. A profile's deletion and a forgotten subject (rows chosen by their order or subject, not their id)
 * are applied as `apply` does it.
 */
async function applyBatch(events: readonly RecordedEvent[], tx: ProjectionTx): Promise<void> {
  const rows = new RowFold<TicketRow>(tx, TICKETS_TABLE, 'ticket_id', { insertOnly: ['reservation_id', 'event_short_name', 'category_id', 'subject_id', 'issued_position', 'issued_at'] });
  const ticketIds = () => events.filter((e) => !erasing(e.type)).map((e) => (e.data as { ticketId: string }).ticketId);
  await rows.load(ticketIds());
  for (const recorded of events) {
    if (erasing(recorded.type)) {
      await rows.flushAndForget();
      await apply(recorded, tx);
      await rows.load(ticketIds());
      continue;
    }
    const event = ticketFromLog(recorded);
    const at = recorded.metadata.occurredAt;
    const ticketId = (event.data as { ticketId: string }).ticketId;
    const row = rows.get(ticketId);
    if (event.type === 'TicketIssued') {
      if (row) continue;
      const d = event.data;
      rows.set(ticketId, {
        ticket_id: d.ticketId,
        reservation_id: d.reservationId,
        event_short_name: d.eventShortName,
        category_id: d.categoryId,
        status: d.status,
        holder: d.attendee ?? null,
        subject_id: d.subjectId ?? null,
        emails_sent: 0,
        issued_position: String(recorded.position),
        issued_at: at,
        updated_at: at,
        revision: recorded.revision,
      });
      continue;
    }
    if (!row || row.revision >= recorded.revision) continue;
    switch (event.type) {
      case 'TicketAssigned':
        rows.set(ticketId, { ...row, holder: event.data.holder ?? null, updated_at: at, revision: recorded.revision });
        break;
      case 'TicketReleased':
      case 'TicketCheckedIn': {
        const status = event.type === 'TicketReleased' ? 'RELEASED' : 'CHECKED_IN';
        rows.set(ticketId, { ...row, status, holder: status === 'RELEASED' ? null : row.holder, updated_at: at, revision: recorded.revision });
        break;
      }
      case 'TicketSent':
        rows.set(ticketId, { ...row, emails_sent: row.emails_sent + 1, updated_at: at, revision: recorded.revision });
        break;
    }
  }
  await rows.flush();
}

export const ticketsProjection: Projection = {
  name: 'ticketing-tickets',
  version: 3,
  canHandle: [...ticketEventTypes, USER_DELETED, SUBJECT_FORGOTTEN],
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
          subject_id text,
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
  applyBatch,
};

export const ticketingProjections: readonly Projection[] = [ticketsProjection, pollAnswersProjection];
