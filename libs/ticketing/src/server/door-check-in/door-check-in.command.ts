import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import type { EventStore } from '@ticketing/event-store';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { checkInAtDoor, type DoorCheckIn } from './check-in-at-door.js';

/** An organizer's door staff scanned a ticket's QR code (organizer API); operators have the CLI. */
export class DoorCheckInCommand extends Command<DoorCheckIn> {
  constructor(
    readonly eventShortName: string,
    readonly code: string,
    readonly organizerSlug: string,
    /** The door staff's language (`?lang=`), for the category's name; null: the event's first. */
    readonly lang: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(DoorCheckInCommand)
export class DoorCheckInHandler implements ICommandHandler<DoorCheckInCommand, DoorCheckIn> {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogOffers,
  ) {}

  execute({ eventShortName, code, organizerSlug, lang }: DoorCheckInCommand): Promise<DoorCheckIn> {
    const { clock, ids, ticketCodeSecret, waitForProjections } = this.options;
    // the poll PIN it answers works at once: the read models show the check-in before the scanner gets it
    return checkInAtDoor(
      { store: this.store, catalog: this.catalog, clock, ids, ticketCodeSecret, written: waitForProjections },
      { eventShortName, code, organizerSlug, actor: `organizer:${organizerSlug}`, lang },
    );
  }
}
