import type { RecordedEvent } from '@ticketing/event-store';
import { RowFold, type Projection, type ProjectionTx } from '@ticketing/projections';
import { reservationEventTypes, type ReservationEvent } from '@ticketing/sales/domain';

export const RESERVATIONS_TABLE = 'sales_reservations';

/** What the rows read from an event: also all an append knows of it before it is placed in the log (inline). */
type ReservationRowEvent = Pick<RecordedEvent, 'type' | 'data' | 'revision' | 'metadata'>;

/**
 * One row per reservation whose stream is written (from its first event, ReservationOpened, which a hold's opening
 * becomes at the buyer's first change: a reservation only held so far has no row, and the sweeper finds it by its
 * hold): its status (PENDING, EXTERNAL_PROCESSING_PAYMENT, WAITING_EXTERNAL_CONFIRMATION, OFFLINE_PAYMENT, DEFERRED_OFFLINE_PAYMENT, FINALIZING, COMPLETE, CANCELLED, EXPIRED), deadline and the stream revision it reflects (the sweeper appends
 * with that revision, so a reservation that changed meanwhile is not expired by mistake), and the pass paying for
 * some of its tickets (given back with its expiry). What a reservation was opened with is read from the log (its
 * views fold its stream), not kept here.
 */
async function apply(recorded: ReservationRowEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(RESERVATIONS_TABLE);
  const event = { type: recorded.type, data: recorded.data } as ReservationEvent;
  switch (event.type) {
    case 'ReservationOpened':
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, valid_until, opened_at, revision)
         values ($1, $2, 'PENDING', $3, $4, $5)
         on conflict (reservation_id) do nothing`,
        [event.data.reservationId, event.data.eventShortName, event.data.validUntil, recorded.metadata.occurredAt, recorded.revision],
      );
      return;
    case 'ReservationCancelled':
    case 'ReservationExpired':
      await tx.client.query(`update ${table} set status = $2, revision = $3 where reservation_id = $1 and revision < $3`, [
        event.data.reservationId,
        event.type === 'ReservationCancelled' ? 'CANCELLED' : 'EXPIRED',
        recorded.revision,
      ]);
      return;
    case 'ReservationConfirmed':
      await tx.client.query(
        `update ${table} set status = $2, valid_until = coalesce($3, valid_until), revision = $4 where reservation_id = $1 and revision < $4`,
        [event.data.reservationId, event.data.status, event.data.paymentDeadline, recorded.revision],
      );
      return;
    case 'OfflinePaymentConfirmed':
      await tx.client.query(`update ${table} set status = $2, revision = $3 where reservation_id = $1 and revision < $3`, [
        event.data.reservationId,
        event.data.status ?? 'COMPLETE',
        recorded.revision,
      ]);
      return;
    case 'ReservationFinalized':
      await tx.client.query(`update ${table} set status = 'COMPLETE', revision = $2 where reservation_id = $1 and revision < $2`, [event.data.reservationId, recorded.revision]);
      return;
    case 'PaymentStarted':
      await tx.client.query(
        `update ${table} set status = 'EXTERNAL_PROCESSING_PAYMENT', valid_until = $2, revision = $3 where reservation_id = $1 and revision < $3`,
        [event.data.reservationId, event.data.validUntil, recorded.revision],
      );
      return;
    case 'PaymentAwaitingConfirmation':
      await tx.client.query(`update ${table} set status = 'WAITING_EXTERNAL_CONFIRMATION', revision = $2 where reservation_id = $1 and revision < $2`, [
        event.data.reservationId,
        recorded.revision,
      ]);
      return;
    case 'PaymentAttemptEnded':
      await tx.client.query(`update ${table} set status = 'PENDING', valid_until = $2, revision = $3 where reservation_id = $1 and revision < $3`, [
        event.data.reservationId,
        event.data.validUntil,
        recorded.revision,
      ]);
      return;
    case 'SubscriptionApplied':
    case 'SubscriptionRemoved':
      // the sweeper gives the pass's entries back with the order's expiry
      await tx.client.query(`update ${table} set applied_subscription = $2, revision = $3 where reservation_id = $1 and revision < $3`, [
        event.data.reservationId,
        event.type === 'SubscriptionApplied' ? event.data.subscriptionId : null,
        recorded.revision,
      ]);
      return;
    case 'BookingDetailsRecorded':
    case 'BookingValidated':
    case 'BookingReopened':
    case 'ReservationLanguageChanged':
      // the status stays; the revision moves so that the sweeper appends with the stream's current one
      await tx.client.query(`update ${table} set revision = $2 where reservation_id = $1 and revision < $2`, [event.data.reservationId, recorded.revision]);
      return;
  }
}

interface ReservationRow extends Record<string, unknown> {
  reservation_id: string;
  short_name: string;
  status: string;
  valid_until: string;
  opened_at: string;
  revision: number;
  applied_subscription: string | null;
}

/** What `apply` does to a row already there (guarded by the revision), as a function: undefined leaves it as it is. */
function evolve(row: ReservationRow, event: ReservationEvent, revision: number): ReservationRow | undefined {
  switch (event.type) {
    case 'ReservationCancelled':
      return { ...row, status: 'CANCELLED', revision };
    case 'ReservationExpired':
      return { ...row, status: 'EXPIRED', revision };
    case 'ReservationConfirmed':
      return { ...row, status: event.data.status, valid_until: event.data.paymentDeadline ?? row.valid_until, revision };
    case 'OfflinePaymentConfirmed':
      return { ...row, status: event.data.status ?? 'COMPLETE', revision };
    case 'ReservationFinalized':
      return { ...row, status: 'COMPLETE', revision };
    case 'PaymentStarted':
      return { ...row, status: 'EXTERNAL_PROCESSING_PAYMENT', valid_until: event.data.validUntil, revision };
    case 'PaymentAwaitingConfirmation':
      return { ...row, status: 'WAITING_EXTERNAL_CONFIRMATION', revision };
    case 'PaymentAttemptEnded':
      return { ...row, status: 'PENDING', valid_until: event.data.validUntil, revision };
    case 'SubscriptionApplied':
      return { ...row, applied_subscription: event.data.subscriptionId, revision };
    case 'SubscriptionRemoved':
      return { ...row, applied_subscription: null, revision };
    case 'BookingDetailsRecorded':
    case 'BookingValidated':
    case 'BookingReopened':
    case 'ReservationLanguageChanged':
      return { ...row, revision };
    default:
      return undefined;
  }
}

/**
 * The rows `apply` leaves, for a whole batch (a rush opens hundreds of reservations per batch, a replay changes each
 * several times per page): the reservations it names loaded at once, each event folded into its row in memory with
 * the same rules (insert if absent, change only from an older revision), the changed rows written back in one
 * statement. Replaying an event changes nothing.
 */
async function applyBatch(events: readonly ReservationRowEvent[], tx: ProjectionTx): Promise<void> {
  const rows = new RowFold<ReservationRow>(tx, RESERVATIONS_TABLE, 'reservation_id', { insertOnly: ['short_name', 'opened_at'] });
  await rows.load(events.map((e) => (e.data as { reservationId: string }).reservationId));
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as ReservationEvent;
    const id = (event.data as { reservationId: string }).reservationId;
    const row = rows.get(id);
    if (event.type === 'ReservationOpened') {
      if (row) continue;
      rows.set(id, {
        reservation_id: event.data.reservationId,
        short_name: event.data.eventShortName,
        status: 'PENDING',
        valid_until: event.data.validUntil,
        opened_at: recorded.metadata.occurredAt,
        revision: recorded.revision,
        applied_subscription: null,
      });
      continue;
    }
    if (!row || row.revision >= recorded.revision) continue;
    const next = evolve(row, event, recorded.revision);
    if (next) rows.set(id, next);
  }
  await rows.flush();
}

export const reservationsProjection: Projection = {
  name: 'sales-reservations',
  version: 7,
  canHandle: reservationEventTypes,
  tables: [
    {
      name: RESERVATIONS_TABLE,
      ddl: (s) => `
        create table ${s.table(RESERVATIONS_TABLE)} (
          reservation_id uuid primary key,
          short_name text not null,
          status text not null,
          valid_until timestamptz not null,
          opened_at timestamptz not null,
          revision integer not null,
          applied_subscription uuid
        );
        create index on ${s.table(RESERVATIONS_TABLE)} (valid_until) where status in ('PENDING', 'OFFLINE_PAYMENT');
        create index on ${s.table(RESERVATIONS_TABLE)} (valid_until) where status in ('EXTERNAL_PROCESSING_PAYMENT', 'WAITING_EXTERNAL_CONFIRMATION');
        create index on ${s.table(RESERVATIONS_TABLE)} (opened_at) where status = 'FINALIZING'`,
    },
  ],
  apply,
  applyBatch,
};
