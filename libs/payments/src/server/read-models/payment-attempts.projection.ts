import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { paymentAttemptEventTypes, type PaymentInitiated, type PaymentRequested } from '@ticketing/payments/domain';

export const PAYMENT_ATTEMPTS_TABLE = 'payments_attempts';

/** Statuses an event moves an attempt to (PaymentKept, PaymentRefunded and PaymentFlagged mark it, the status stays). */
const STATUS_AFTER: Partial<Record<string, string>> = {
  PaymentProcessing: 'PROCESSING',
  PaymentSucceeded: 'SUCCEEDED',
  PaymentFailed: 'FAILED',
  PaymentAbandoned: 'ABANDONED',
  PaymentAmountMismatched: 'MISMATCHED',
};

/**
 * One row per payment attempt: which reservation it pays, its provider reference (a webhook names only that),
 * amount, status, whether its order kept the money or it was refunded, and how often a refund was refused (flagged
 * for the organizer; the follow-up sweep's back-off). No personal data.
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(PAYMENT_ATTEMPTS_TABLE);
  const attemptId = (recorded.data as { attemptId: string }).attemptId;
  switch (recorded.type) {
    case 'PaymentRequested': {
      const d = recorded.data as unknown as PaymentRequested['data'];
      await tx.client.query(
        `insert into ${table} (attempt_id, reservation_id, organizer, proxy, method, amount, currency, status, requested_at, updated_at, revision)
         values ($1, $2, $3, $4, $5, $6, $7, 'REQUESTED', $8, $8, $9) on conflict (attempt_id) do nothing`,
        [d.attemptId, d.reservationId, d.organizer, d.proxy, d.method, d.amount, d.currency, recorded.metadata.occurredAt, recorded.revision],
      );
      return;
    }
    case 'PaymentInitiated': {
      const d = recorded.data as unknown as PaymentInitiated['data'];
      await tx.client.query(
        `update ${table} set provider_reference = $2, status = case when status = 'REQUESTED' then 'INITIATED' else status end, updated_at = $3, revision = $4
          where attempt_id = $1 and revision < $4`,
        [attemptId, d.providerReference, recorded.metadata.occurredAt, recorded.revision],
      );
      return;
    }
    case 'PaymentKept':
    case 'PaymentRefunded':
    case 'PaymentFlagged': {
      const mark = { PaymentKept: 'kept = true', PaymentRefunded: 'refunded = true', PaymentFlagged: 'flagged = true, refund_refusals = refund_refusals + 1' }[recorded.type];
      await tx.client.query(`update ${table} set ${mark}, updated_at = $2, revision = $3 where attempt_id = $1 and revision < $3`, [
        attemptId,
        recorded.metadata.occurredAt,
        recorded.revision,
      ]);
      return;
    }
    default: {
      const status = STATUS_AFTER[recorded.type];
      if (!status) return;
      await tx.client.query(
        `update ${table} set status = $2, flagged = flagged or $2 = 'MISMATCHED', updated_at = $3, revision = $4 where attempt_id = $1 and revision < $4`,
        [attemptId, status, recorded.metadata.occurredAt, recorded.revision],
      );
    }
  }
}

export const paymentAttemptsProjection: Projection = {
  name: 'payments-attempts',
  // 2: kept and refund_refusals, for the follow-up sweep
  version: 2,
  canHandle: paymentAttemptEventTypes,
  tables: [
    {
      name: PAYMENT_ATTEMPTS_TABLE,
      ddl: (s) => `
        create table ${s.table(PAYMENT_ATTEMPTS_TABLE)} (
          attempt_id uuid primary key,
          reservation_id uuid not null,
          organizer text not null,
          proxy text not null,
          method text not null,
          amount bigint not null,
          currency text not null,
          provider_reference text,
          status text not null,
          kept boolean not null default false,
          refunded boolean not null default false,
          flagged boolean not null default false,
          refund_refusals integer not null default 0,
          requested_at timestamptz not null,
          updated_at timestamptz not null,
          revision integer not null
        );
        create index on ${s.table(PAYMENT_ATTEMPTS_TABLE)} (proxy, provider_reference);
        create index on ${s.table(PAYMENT_ATTEMPTS_TABLE)} (reservation_id);
        create index on ${s.table(PAYMENT_ATTEMPTS_TABLE)} (updated_at) where status = 'SUCCEEDED' and not kept and not refunded`,
    },
  ],
  apply,
};

export const paymentsProjections: readonly Projection[] = [paymentAttemptsProjection];
