import { Inject } from '@nestjs/common';
import { entranceOf, isOnlineTicket } from '@ticketing/catalog/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { DomainError, provenance } from '@ticketing/kernel';
import { ticketStreamId } from '@ticketing/ticketing/contracts';
import { decideCheckIn } from '@ticketing/ticketing/domain';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { checkInCodeOf } from '../tickets/ticket-code.js';
import { TicketLookup } from '../tickets/ticket-lookup.js';
import { ticketToLog } from '../tickets/ticket-stream.js';

export class CheckInCommand extends Command<string> {
  constructor(
    readonly eventShortName: string,
    readonly ticketId: string,
    readonly checkInCode: string,
    readonly actor: string,
  ) {
    super();
  }
}

/**
 * The online check-in link (reference 58), answered with where to send the browser: with the ticket's code and a
 * join link open now, the ticket is checked in (once) and the attendee goes to the link; a ticket that may not
 * enter (price owed, no holder) goes to its page; before the link opens (or after, with none left) to the waiting
 * room; a wrong code home.
 */
@CommandHandler(CheckInCommand)
export class CheckInHandler implements ICommandHandler<CheckInCommand, string> {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: TicketLookup,
  ) {}

  async execute({ eventShortName, ticketId, checkInCode, actor }: CheckInCommand): Promise<string> {
    const ticketPage = `/event/${encodeURIComponent(eventShortName)}/ticket/${ticketId}`;
    return handleCommand({
      load: () => this.lookup.showable(eventShortName, ticketId),
      decide: async (showable) => {
        if (!showable || !isOnlineTicket(showable.offer, showable.ticket.categoryId)) return { result: '/' };
        if (checkInCodeOf(await this.lookup.codeOf(showable)) !== checkInCode.toLowerCase()) return { result: '/' };
        const now = this.options.clock.now();
        const entrance = entranceOf(showable.offer, showable.ticket.categoryId, now);
        const open = entrance.url !== null && entrance.from.getTime() <= now.getTime() && now.getTime() <= entrance.to.getTime();
        if (!open) return { result: `${ticketPage}/check-in/${checkInCode}/waiting-room` };
        let events;
        try {
          events = decideCheckIn(showable.ticket, ticketId, 'ONLINE');
        } catch (error) {
          if (error instanceof DomainError) return { result: `${ticketPage}/update` };
          throw error;
        }
        const result = entrance.url!;
        if (events.length === 0) return { result };
        const metadata = provenance(this.options.ids.uuid(), actor, now);
        return { result, append: () => this.store.append(ticketStreamId(ticketId), events.map((e) => ticketToLog(e, metadata)), showable.revision) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}
