import type { Queryable } from '@ticketing/postgres';
import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { POLL_RESULTS_TABLE } from './poll-answers.projection.js';

/** The votes of each option of one poll (option id -> tickets whose latest answer it is), from the results read model. */
export async function pollResults(db: Queryable, eventShortName: string, pollId: number): Promise<ReadonlyMap<number, number>> {
  const { rows } = await db.query<{ option_id: number; votes: number }>(
    `select option_id, votes from ${quoteIdent(LIVE_SCHEMA)}.${quoteIdent(POLL_RESULTS_TABLE)} where short_name = $1 and poll_id = $2`,
    [eventShortName, pollId],
  );
  return new Map(rows.map((r) => [r.option_id, r.votes]));
}
