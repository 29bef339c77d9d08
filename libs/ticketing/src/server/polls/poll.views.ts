import { z } from 'zod';
import type { EventPolls, Poll } from '@ticketing/catalog/contracts';

const langMap = z.record(z.string(), z.string()).describe('Text per language code.');

/** `Poll` (reference section 2). */
export const pollSchema = z
  .object({
    id: z.number().int().describe('The poll\'s number within the event.'),
    status: z.enum(['DRAFT', 'OPEN', 'CLOSED']),
    title: langMap,
    description: langMap.describe('Plain text per language code.'),
    allowedTags: z.array(z.string()).describe('Only tickets carrying one of them may answer; empty = every checked-in ticket.'),
    order: z.number().int(),
    eventId: z.number().int().describe('A number standing for the event (derived from its short name: events have no numeric id here).'),
    organizationId: z.number().int().describe('A number standing for the organizer (derived from its slug).'),
  })
  .describe('Poll');

export const pollOptionSchema = z
  .object({ id: z.number().int(), pollId: z.number().int(), title: langMap, description: langMap.describe('Plain text per language code.') })
  .describe('PollOption');

/** `PollWithOptions` (reference section 2). */
export const pollWithOptionsSchema = z.object({ poll: pollSchema, options: z.array(pollOptionSchema) }).describe('PollWithOptions');

export type PollView = z.infer<typeof pollSchema>;
export type PollWithOptionsView = z.infer<typeof pollWithOptionsSchema>;

export function pollView(poll: Poll, { eventId, organizationId }: EventPolls): PollView {
  const { id, status, title, description, allowedTags, order } = poll;
  return { id, status, title, description, allowedTags: [...allowedTags], order, eventId, organizationId };
}

export function pollWithOptionsView(poll: Poll, polls: EventPolls): PollWithOptionsView {
  return { poll: pollView(poll, polls), options: poll.options.map((o) => ({ id: o.id, pollId: poll.id, title: o.title, description: o.description })) };
}
