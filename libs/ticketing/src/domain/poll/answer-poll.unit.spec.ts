import { describe, expect, it } from 'vitest';
import type { Poll } from '@ticketing/catalog/contracts';
import { DomainError } from '@ticketing/kernel';
import { decideAnswerPoll, isPollOpenTo, type AnswerPoll } from './answer-poll.js';

const poll: Poll = {
  id: 4,
  status: 'OPEN',
  title: { en: 'Next talk?' },
  description: {},
  allowedTags: [],
  order: 0,
  options: [
    { id: 1, title: { en: 'Rust' }, description: {} },
    { id: 2, title: { en: 'Go' }, description: {} },
  ],
};
const ticketId = '1c0ffee0-0000-4000-8000-000000000001';
const answer = (overrides: Partial<AnswerPoll['data']> = {}): AnswerPoll => ({
  type: 'AnswerPoll',
  data: { eventShortName: 'meetup', poll, pollId: 4, optionId: 2, ticketId, ticketTags: [], ...overrides },
});
const refusal = (command: AnswerPoll) => {
  try {
    decideAnswerPoll(command);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  return null;
};

describe('AnswerPoll', () => {
  it('records the chosen option of an open poll for the ticket', () => {
    expect(decideAnswerPoll(answer())).toEqual([{ type: 'PollAnswered', data: { eventShortName: 'meetup', pollId: 4, optionId: 2, ticketId } }]);
  });

  it.each([
    ['an unknown poll', answer({ poll: null })],
    ['a DRAFT poll', answer({ poll: { ...poll, status: 'DRAFT' } })],
    ['a CLOSED poll', answer({ poll: { ...poll, status: 'CLOSED' } })],
    ['a poll for tags the ticket lacks', answer({ poll: { ...poll, allowedTags: ['speakers'] }, ticketTags: ['press'] })],
  ])('refuses %s: not_found on pin', (_name, command) => {
    expect(refusal(command)).toEqual({ code: 'not_found', field: 'pin' });
  });

  it('refuses an option not of the poll: not_found on optionId', () => {
    expect(refusal(answer({ optionId: 3 }))).toEqual({ code: 'not_found', field: 'optionId' });
  });

  it('lets a ticket carrying one of the allowed tags answer', () => {
    expect(isPollOpenTo({ ...poll, allowedTags: ['speakers', 'press'] }, ['press'])).toBe(true);
    expect(isPollOpenTo({ ...poll, allowedTags: ['speakers'] }, [])).toBe(false);
    expect(decideAnswerPoll(answer({ poll: { ...poll, allowedTags: ['speakers'] }, ticketTags: ['speakers'] }))).toHaveLength(1);
  });
});
