import type { DomainEvent } from '@ticketing/kernel';

/**
 * A checked-in attendee chose an option of an OPEN poll, proving it with the PIN of their ticket. Stream
 * `poll-{eventShortName}-{pollId}`: one per poll, appended with any expected revision (answers of different
 * tickets never conflict). One vote per ticket: a later PollAnswered of the same ticket replaces the earlier one.
 */
export type PollAnswered = DomainEvent<
  'PollAnswered',
  { readonly eventShortName: string; readonly pollId: number; readonly optionId: number; readonly ticketId: string }
>;

export type PollEvent = PollAnswered;

export const pollEventTypes: readonly PollEvent['type'][] = ['PollAnswered'];

export const pollStreamId = (eventShortName: string, pollId: number) => `poll-${eventShortName}-${pollId}`;
