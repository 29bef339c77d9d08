import type { Poll } from '@ticketing/catalog/contracts';
import { DomainError } from '@ticketing/kernel';
import type { PollAnswered } from './poll.events.js';

/** Stable codes of the poll calls (reference 3.7, alf.io's ErrorCode values), on the field they are about. */
export const pollErrors = {
  notFound: 'not_found',
  pinInvalid: 'pin.invalid',
  pinDuplicate: 'pin.duplicate',
} as const;

/**
 * Whether an attendee whose ticket carries `ticketTags` may see and answer the poll: it is OPEN, and it names no
 * tags or one of the ticket's. (Nothing tags tickets yet, so a poll with tags is shown to nobody.)
 */
export function isPollOpenTo(poll: Poll, ticketTags: readonly string[]): boolean {
  return poll.status === 'OPEN' && (poll.allowedTags.length === 0 || poll.allowedTags.some((tag) => ticketTags.includes(tag)));
}

export interface AnswerPoll {
  readonly type: 'AnswerPoll';
  readonly data: {
    readonly eventShortName: string;
    /** The poll as published; null when the event has none with the id asked for. */
    readonly poll: Poll | null;
    readonly pollId: number;
    readonly optionId: number;
    /** The checked-in ticket the PIN named, with its tags. */
    readonly ticketId: string;
    readonly ticketTags: readonly string[];
  };
}

/**
 * An answer is taken when the poll is open to the ticket and the option is one of the poll's. A poll that is not
 * (unknown, DRAFT, CLOSED, or restricted to other tags) is `not_found` on `pin`, as alf.io answers for a poll that
 * is not active; an option of another poll is `not_found` on `optionId` (alf.io fails with a 500 there).
 */
export function decideAnswerPoll({ data }: AnswerPoll): PollAnswered[] {
  const { poll, eventShortName, pollId, optionId, ticketId } = data;
  if (!poll || poll.id !== pollId || !isPollOpenTo(poll, data.ticketTags)) throw new DomainError(pollErrors.notFound, 'pin');
  if (!poll.options.some((o) => o.id === optionId)) throw new DomainError(pollErrors.notFound, 'optionId');
  return [{ type: 'PollAnswered', data: { eventShortName, pollId, optionId, ticketId } }];
}
