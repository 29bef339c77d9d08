import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '@ticketing/event-store';
import { DomainError, provenance, zonedInstant } from '@ticketing/kernel';
import { TicketOrders } from '@ticketing/sales/contracts';
import { ticketStreamId } from '@ticketing/ticketing/contracts';
import { decideRelease } from '@ticketing/ticketing/domain';
import { TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { TicketLookup } from '../tickets/ticket-lookup.js';
import { ticketToLog } from '../tickets/ticket-stream.js';

/** `released`: done (or nothing to release); `refused`: not allowed (reference 35 answers 400 false). */
export type ReleaseOutcome = 'released' | 'refused';

export class ReleaseTicketCommand extends Command<ReleaseOutcome> {
  constructor(
    readonly eventShortName: string,
    readonly ticketId: string,
    readonly actor: string,
  ) {
    super();
  }
}

/**
 * `DELETE /event/{e}/ticket/{uuid}` (reference 35): the holder gives a free ticket back when the event allows it
 * (ALLOW_FREE_TICKETS_CANCELLATION); the seat is on sale again in the same append (the inventory's TicketReturned
 * with the ticket's TicketReleased). An unknown ticket is "released" already, as alf.io answers. A double click is
 * "released" too: decided again on what the other call wrote (handleCommand) when the ticket's stream moved, or,
 * when the inventory refuses first (the other call already returned the seat), told by the ticket read again.
 */
@CommandHandler(ReleaseTicketCommand)
export class ReleaseTicketHandler implements ICommandHandler<ReleaseTicketCommand, ReleaseOutcome> {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    private readonly lookup: TicketLookup,
    private readonly orders: TicketOrders,
  ) {}

  async execute({ eventShortName, ticketId, actor }: ReleaseTicketCommand): Promise<ReleaseOutcome> {
    try {
      return await handleCommand({
        load: () => this.lookup.find(eventShortName, ticketId),
        decide: (found) => {
          if (!found) return { result: 'released' as const };
          const { ticket, order, offer } = found;
          const { event } = offer;
          const now = this.options.clock.now();
          const events = decideRelease(ticket, ticketId, {
            acquired: order.complete,
            finalPrice: order.tickets.find((t) => t.ticketId === ticketId)?.finalPrice ?? 0,
            eventAllows: event.allowFreeTicketsCancellation === true,
            eventEnded: now.getTime() >= zonedInstant(event.end, event.timeZone).getTime(),
            paidSupplement: order.paidSupplement,
          });
          if (events.length === 0) return { result: 'released' as const };
          const metadata = provenance(this.options.ids.uuid(), actor, now);
          const companion = { streamId: ticketStreamId(ticketId), expectedRevision: found.revision, events: events.map((e) => ticketToLog(e, metadata)) };
          return {
            result: 'released' as const,
            append: async () => ({ position: await this.orders.returnSeat(order, { ticketId, categoryId: ticket.categoryId }, companion, metadata) }),
          };
        },
        written: (position) => this.options.waitForProjections(position),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // not allowed (paid, not permitted, used), or no seat of it sold any more: the inventory refuses the second of
      // two concurrent releases before the ticket's stream is checked, so the ticket read again tells which (a released one is found no more)
      const after = await this.lookup.find(eventShortName, ticketId);
      return after === null ? 'released' : 'refused';
    }
  }
}
