import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { dataOf, json } from '../catalog-event-data.js';

export const POLLS_TABLE = 'catalog_polls';

/**
 * Each event's attendee polls with their options, by id. A removed poll is marked, not deleted, as attendee
 * fields are: a delivery of an older event must not bring back a newer removal (the revision guards it).
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(POLLS_TABLE);
  if (event.type === 'PollRemoved') {
    const { eventShortName, pollId } = dataOf(event, 'PollRemoved');
    await tx.client.query(`update ${table} set removed = true, revision = $3 where short_name = $1 and poll_id = $2 and revision < $3`, [eventShortName, pollId, event.revision]);
    return;
  }
  const { eventShortName, poll } = dataOf(event, 'PollAdded');
  await tx.client.query(
    `insert into ${table} as p (short_name, poll_id, status, poll_order, details, removed, revision)
     values ($1, $2, $3, $4, $5::jsonb, false, $6)
     on conflict (short_name, poll_id) do update
       set status = excluded.status, poll_order = excluded.poll_order, details = excluded.details, removed = false, revision = excluded.revision
     where p.revision < excluded.revision`,
    [eventShortName, poll.id, poll.status, poll.order, json(poll), event.revision],
  );
}

export const pollsProjection: Projection = {
  name: 'catalog-polls',
  version: 1,
  canHandle: ['PollAdded', 'PollChanged', 'PollRemoved'],
  tables: [
    {
      name: POLLS_TABLE,
      ddl: (s) => `
        create table ${s.table(POLLS_TABLE)} (
          short_name text not null,
          poll_id integer not null,
          status text not null,
          poll_order integer not null,
          details jsonb not null,
          removed boolean not null,
          revision integer not null,
          primary key (short_name, poll_id)
        )`,
    },
  ],
  apply,
};
