import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { reservationEventTypes, type ReservationEvent, type ReservationOpened } from '@ticketing/sales/domain';
import { runsOf } from '../runs.js';

export const RESERVATIONS_TABLE = 'sales_reservations';

/** What the rows read from an event: also all an append knows of it before it is placed in the log (inline). */
type ReservationRowEvent = Pick<RecordedEvent, 'type' | 'data' | 'revision' | 'metadata'>;

/**
 * One row per reservation: its status (PENDING, EXTERNAL_PROCESSING_PAYMENT, WAITING_EXTERNAL_CONFIRMATION, OFFLINE_PAYMENT, DEFERRED_OFFLINE_PAYMENT, FINALIZING, COMPLETE, CANCELLED, EXPIRED), deadline and the stream revision it reflects (the sweeper appends
 * with that revision, so a reservation that changed meanwhile is not expired by mistake), the pass paying for
 * some of its tickets (given back with its expiry), and the data it was opened with for the reservation views.
 */
async function apply(recorded: ReservationRowEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(RESERVATIONS_TABLE);
  const event = { type: recorded.type, data: recorded.data } as ReservationEvent;
  switch (event.type) {
    case 'ReservationOpened':
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, valid_until, opened_at, revision, opened)
         values ($1, $2, 'PENDING', $3, $4, $5, $6::jsonb)
         on conflict (reservation_id) do nothing`,
        [event.data.reservationId, event.data.eventShortName, event.data.validUntil, recorded.metadata.occurredAt, recorded.revision, JSON.stringify(event.data)],
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
      // the status stays; the revision moves so that the sweeper appends with the stream's current one
      await tx.client.query(`update ${table} set revision = $2 where reservation_id = $1 and revision < $2`, [event.data.reservationId, recorded.revision]);
      return;
  }
}

/**
 * A rush opens hundreds of reservations per batch: one insert for each run of openings, one update for each
 * run of endings. Replaying an event changes nothing, so the runner can apply again what an append wrote inline.
 */
async function applyBatch(events: readonly ReservationRowEvent[], tx: ProjectionTx): Promise<void> {
  const table = tx.table(RESERVATIONS_TABLE);
  for (const run of runsOf(events, (e) => (e.type === 'ReservationOpened' ? 'opened' : 'ended'))) {
    if (run.kind === 'opened') {
      const opened = run.items.map((e) => ({ event: e, data: e.data as ReservationOpened['data'] }));
      await tx.client.query(
        `insert into ${table} (reservation_id, short_name, status, valid_until, opened_at, revision, opened)
         select r.id, r.short_name, 'PENDING', r.valid_until, r.opened_at, r.revision, r.opened
           from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::jsonb[])
             as r(id, short_name, valid_until, opened_at, revision, opened)
         on conflict (reservation_id) do nothing`,
        [
          opened.map((o) => o.data.reservationId),
          opened.map((o) => o.data.eventShortName),
          opened.map((o) => o.data.validUntil),
          opened.map((o) => o.event.metadata.occurredAt),
          opened.map((o) => o.event.revision),
          opened.map((o) => JSON.stringify(o.data)),
        ],
      );
    } else {
      for (const event of run.items) await apply(event, tx);
    }
  }
}

export const reservationsProjection: Projection = {
  name: 'sales-reservations',
  version: 5,
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
          opened jsonb not null,
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
