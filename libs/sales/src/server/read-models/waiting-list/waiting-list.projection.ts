import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { waitingListEventTypes, type WaitingListOffered } from '@ticketing/sales/domain';
import { dataOf } from '../../shared/event-data.js';

export const WAITING_LIST_TABLE = 'sales_waiting_list';

/** The log's part of a WaitingListJoined: the contact stays in the event's personal data, never in a table. */
interface JoinedRow {
  readonly subscriberId: string;
  readonly eventShortName: string;
  readonly categoryId: number | null;
  readonly language: string;
  readonly reason: string;
}

/**
 * Every waiting-list entry, in the order it joined its event's list, and whether a seat was offered: what
 * the offer job looks up to know which events have someone waiting. No personal data: erasing a subject
 * needs nothing of this table, and the job reads the contact from the log when it writes.
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(WAITING_LIST_TABLE);
  switch (recorded.type) {
    case 'WaitingListJoined': {
      const data = recorded.data as unknown as JoinedRow;
      await tx.client.query(
        `insert into ${table} (subscriber_id, short_name, category_id, language, reason, joined_at, joined_revision, status, revision)
         values ($1, $2, $3, $4, $5, $6, $7, 'WAITING', $7)
         on conflict (subscriber_id) do nothing`,
        [data.subscriberId, data.eventShortName, data.categoryId, data.language, data.reason, recorded.metadata.occurredAt, recorded.revision],
      );
      return;
    }
    case 'WaitingListOffered': {
      const data = dataOf<WaitingListOffered>(recorded);
      await tx.client.query(
        `update ${table} set status = 'OFFERED', reservation_id = $2, offer_valid_until = $3, revision = $4
          where subscriber_id = $1 and revision < $4`,
        [data.subscriberId, data.reservationId, data.validUntil, recorded.revision],
      );
      return;
    }
  }
}

export const waitingListProjection: Projection = {
  name: 'sales-waiting-list',
  version: 1,
  canHandle: waitingListEventTypes,
  tables: [
    {
      name: WAITING_LIST_TABLE,
      ddl: (s) => `
        create table ${s.table(WAITING_LIST_TABLE)} (
          subscriber_id uuid primary key,
          short_name text not null,
          category_id integer,
          language text not null,
          reason text not null,
          joined_at timestamptz not null,
          joined_revision integer not null,
          status text not null,
          reservation_id uuid,
          offer_valid_until timestamptz,
          revision integer not null
        );
        create index on ${s.table(WAITING_LIST_TABLE)} (short_name, joined_revision) where status = 'WAITING'`,
    },
  ],
  apply,
};
