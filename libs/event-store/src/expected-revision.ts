import { WrongExpectedRevisionError, type ExpectedRevision } from './port.js';

/** Revision of a stream that has no events yet: the next event gets revision 0. */
export const NO_EVENTS = -1;

/** Throws WrongExpectedRevisionError unless the stream's current revision (NO_EVENTS when absent) is the expected one. */
export function assertExpectedRevision(streamId: string, expected: ExpectedRevision, current: number): void {
  const holds = expected === 'any' || (expected === 'no_stream' ? current === NO_EVENTS : current === expected);
  if (!holds) throw new WrongExpectedRevisionError(streamId, expected, current === NO_EVENTS ? 'no_stream' : current);
}
