import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WrongExpectedRevisionError, type EventStore } from '@ticketing/event-store';
import { DomainError } from '@ticketing/kernel';
import { TicketOrders } from '@ticketing/sales/contracts';
import { ticketStreamId } from '@ticketing/ticketing/contracts';
import { decideRelease } from '@ticketing/ticketing/domain';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
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
 * with the ticket's TicketReleased). An unknown ticket is "released" already, as alf.io answers.
 */
@CommandHandler(ReleaseTicketCommand)
export class ReleaseTicketHandler implements ICommandHandler<ReleaseTicketCommand, ReleaseOutcome> {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: TicketLookup,
    private readonly orders: TicketOrders,
  ) {}

  async execute({ eventShortName, ticketId, actor }: ReleaseTicketCommand): Promise<ReleaseOutcome> {
    for (let attempt = 1; ; attempt++) {
      const found = await this.lookup.find(eventShortName, ticketId);
      if (!found) return 'released';
      const { ticket, order, offer } = found;
      const price = order.tickets.find((t) => t.ticketId === ticketId)?.finalPrice ?? 0;
      const allowed = order.complete && price === 0 && offer.event.allowFreeTicketsCancellation === true;
      let events;
      try {
        events = decideRelease(ticket, ticketId, allowed);
      } catch (error) {
        if (error instanceof DomainError) return 'refused';
        throw error;
      }
      if (events.length === 0) return 'released';
      const now = this.options.clock.now();
      const metadata = { correlationId: this.options.ids.uuid(), causationId: this.options.ids.uuid(), occurredAt: now.toISOString(), actor };
      const companion = { streamId: ticketStreamId(ticketId), expectedRevision: found.revision, events: events.map((e) => ticketToLog(e, metadata)) };
      try {
        const position = await this.orders.returnSeat(order, { ticketId, categoryId: ticket.categoryId }, companion, metadata);
        if (position !== null) await this.options.waitForProjections(position);
        return 'released';
      } catch (error) {
        // another call changed the ticket meanwhile (a double click): decide again on what it wrote
        if (error instanceof WrongExpectedRevisionError && attempt < 3) continue;
        if (error instanceof DomainError) return 'refused';
        throw error;
      }
    }
  }
}
