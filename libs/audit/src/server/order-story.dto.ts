import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { uuidParam } from '@ticketing/wire';
import { ERASED } from '../queries/history-of/history-of.query.js';
import type { OrderStory } from '../queries/order-story/order-story.query.js';

const amounts = z
  .object({
    currency: z.string(),
    price: z.number().int().optional().describe("What the order costs after this step (gross, minor units), when the step priced it."),
    discount: z.number().int().optional().describe('Every discount in that price (0 or negative).'),
    requested: z.number().int().optional().describe('Asked of a payment provider.'),
    paid: z.number().int().optional().describe('Money in: taken by a provider, or a bank transfer the organizer confirmed.'),
    refunded: z.number().int().optional().describe('Money given back to the buyer.'),
  })
  .describe('The money this step states, integer minor units of `currency`.');

const step = z.object({
  position: z.string().describe('Place in the global log (a decimal integer): the steps are in this order.'),
  streamId: z.string(),
  revision: z.number().int().describe("Place in its stream, from 0."),
  type: z.string().describe('The event type.'),
  recordedAt: z.string().describe('When the log stored it (ISO instant).'),
  occurredAt: z.string().describe('When it happened, by the clock of the command that caused it.'),
  actor: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  data: z.record(z.string(), z.unknown()).describe("The event's data (no personal data)."),
  personal: z
    .object({ subjectId: z.string(), data: z.union([z.literal(ERASED), z.record(z.string(), z.unknown())]) })
    .nullable()
    .describe(`Personal data and whose it is; \`${ERASED}\` once that subject was forgotten. Null: the event has none.`),
  amounts: amounts.nullable(),
  statusAfter: z.string().describe('The order\'s status after this step, as the sales domain folds its events (PENDING, OFFLINE_PAYMENT, COMPLETE, CANCELLED ...).'),
  eventId: z.string(),
  hash: z.string().describe("The event's hash in its stream's chain."),
});

export const orderStorySchema = z.object({
  subject: z.object({ kind: z.enum(['order', 'ticket', 'subscription']), id: z.string() }).describe('What was asked for: the order, or a ticket or a pass that leads to it.'),
  reservationId: z.string(),
  finalStatus: z.string(),
  streams: z.array(z.object({ streamId: z.string(), events: z.number().int() })).describe('Every stream the order touched, with how many of its events belong to the order.'),
  steps: z.array(step),
  usedBy: z.array(z.string()).optional().describe("A pass's story: the other orders that used the pass."),
});

export class OrderStoryDto extends createZodDto(orderStorySchema) {}

export class ReservationIdPathDto extends createZodDto(z.object({ reservationId: uuidParam })) {}
export class TicketIdPathDto extends createZodDto(z.object({ ticketId: uuidParam })) {}
export class SubscriptionIdPathDto extends createZodDto(z.object({ subscriptionId: uuidParam })) {}

/** The story as the wire carries it: positions as decimal strings (JSON has no bigint). */
export function toWire(story: OrderStory): z.infer<typeof orderStorySchema> {
  return {
    subject: story.subject,
    reservationId: story.reservationId,
    finalStatus: story.finalStatus,
    streams: [...story.streams],
    steps: story.steps.map((s) => ({
      position: s.position.toString(),
      streamId: s.streamId,
      revision: s.revision,
      type: s.type,
      recordedAt: s.recordedAt,
      occurredAt: s.occurredAt,
      actor: s.actor,
      correlationId: s.correlationId,
      causationId: s.causationId,
      data: s.data,
      personal: s.personal,
      amounts: s.amounts,
      statusAfter: s.statusAfter,
      eventId: s.eventId,
      hash: s.hash,
    })),
    ...(story.usedBy ? { usedBy: [...story.usedBy] } : {}),
  };
}
