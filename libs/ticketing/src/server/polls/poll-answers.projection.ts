import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import type { PollAnswered } from '@ticketing/ticketing/domain';

export const POLL_ANSWERS_TABLE = 'ticketing_poll_answers';
export const POLL_RESULTS_TABLE = 'ticketing_poll_results';

/**
 * Per poll, each ticket's latest answer, and per option the number of tickets whose latest answer it is. An
 * answer of a ticket that answered before moves its vote: the old option loses one, the new one gains one. The
 * poll stream's revision on the answer row makes a replayed (or late) event change nothing.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const { eventShortName, pollId, optionId, ticketId } = event.data as unknown as PollAnswered['data'];
  const answers = tx.table(POLL_ANSWERS_TABLE);
  const results = tx.table(POLL_RESULTS_TABLE);
  const { rows } = await tx.client.query<{ option_id: number; revision: number }>(
    `select option_id, revision from ${answers} where short_name = $1 and poll_id = $2 and ticket_id = $3 for update`,
    [eventShortName, pollId, ticketId],
  );
  const previous = rows[0];
  if (previous && previous.revision >= event.revision) return;
  await tx.client.query(
    `insert into ${answers} (short_name, poll_id, ticket_id, option_id, revision) values ($1, $2, $3, $4, $5)
     on conflict (short_name, poll_id, ticket_id) do update set option_id = excluded.option_id, revision = excluded.revision`,
    [eventShortName, pollId, ticketId, optionId, event.revision],
  );
  if (previous?.option_id === optionId) return;
  if (previous) {
    await tx.client.query(`update ${results} set votes = votes - 1 where short_name = $1 and poll_id = $2 and option_id = $3`, [eventShortName, pollId, previous.option_id]);
  }
  await tx.client.query(
    `insert into ${results} as r (short_name, poll_id, option_id, votes) values ($1, $2, $3, 1)
     on conflict (short_name, poll_id, option_id) do update set votes = r.votes + 1`,
    [eventShortName, pollId, optionId],
  );
}

export const pollAnswersProjection: Projection = {
  name: 'ticketing-poll-answers',
  version: 1,
  canHandle: ['PollAnswered'],
  tables: [
    {
      name: POLL_ANSWERS_TABLE,
      ddl: (s) => `
        create table ${s.table(POLL_ANSWERS_TABLE)} (
          short_name text not null,
          poll_id integer not null,
          ticket_id uuid not null,
          option_id integer not null,
          revision integer not null,
          primary key (short_name, poll_id, ticket_id)
        )`,
    },
    {
      name: POLL_RESULTS_TABLE,
      ddl: (s) => `
        create table ${s.table(POLL_RESULTS_TABLE)} (
          short_name text not null,
          poll_id integer not null,
          option_id integer not null,
          votes integer not null,
          primary key (short_name, poll_id, option_id)
        )`,
    },
  ],
  apply,
};
