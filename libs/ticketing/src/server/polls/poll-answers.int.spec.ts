import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { pollAnswersProjection } from './poll-answers.projection.js';

const metadata = { correlationId: 'test', causationId: 'test', occurredAt: '2026-06-01T10:00:00.000Z', actor: 'system:test' };
const ada = '1c0ffee0-0000-4000-8000-000000000001';
const bob = '2b0b0b00-0000-4000-8000-000000000002';
const answered = (ticketId: string, optionId: number, pollId = 1): EventToAppend => ({ type: 'PollAnswered', data: { eventShortName: 'meetup', pollId, optionId, ticketId }, metadata });
// Ada votes 1, Bob 1, Ada changes to 2, Ada 2 again, Bob answers poll 2
const history = [answered(ada, 1), answered(bob, 1), answered(ada, 2), answered(ada, 2)];

describe('ticketing-poll-answers projection', () => {
  let h: ProjectionHarness;
  const results = () => h.rows('select poll_id, option_id, votes from ticketing_poll_results order by poll_id, option_id');
  beforeEach(async () => {
    h = await projectionHarness('poll_answers', [pollAnswersProjection]);
  });
  afterEach(() => h.close());

  it("keeps each ticket's latest answer and counts per option the tickets whose latest answer it is", async () => {
    await h.given('poll-meetup-1', history);
    await h.given('poll-meetup-2', [answered(bob, 7, 2)]);
    expect(await h.rows('select poll_id, ticket_id, option_id from ticketing_poll_answers order by poll_id, ticket_id')).toEqual([
      { poll_id: 1, ticket_id: ada, option_id: 2 },
      { poll_id: 1, ticket_id: bob, option_id: 1 },
      { poll_id: 2, ticket_id: bob, option_id: 7 },
    ]);
    expect(await results()).toEqual([
      { poll_id: 1, option_id: 1, votes: 1 },
      { poll_id: 1, option_id: 2, votes: 1 },
      { poll_id: 2, option_id: 7, votes: 1 },
    ]);
  });

  it('changes nothing when the answers are delivered again (newest first)', async () => {
    await h.given('poll-meetup-1', history);
    const before = await results();
    await h.replayAllAgain(pollAnswersProjection);
    expect(await results()).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given('poll-meetup-1', history);
    await h.runner.rebuild(pollAnswersProjection.name);
    expect(await h.runner.verify(pollAnswersProjection.name)).toMatchObject({ ok: true });
  });
});
