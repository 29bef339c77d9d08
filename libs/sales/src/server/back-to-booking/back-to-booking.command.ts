import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, WrongExpectedRevisionError } from '@ticketing/event-store';
import { decideBackToBooking } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { appendAlone, ReservationLog, reservationAppend, reservationToLog } from '../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/** `back-to-booking`: always answered true (reference 3.3 item 19); a validated pending reservation must be validated again. */
export class BackToBookingCommand extends Command<void> {
  constructor(
    readonly reservationId: string,
    readonly actor: string,
  ) {
    super();
  }
}

@CommandHandler(BackToBookingCommand)
export class BackToBookingHandler implements ICommandHandler<BackToBookingCommand, void> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly reservations: ReservationLog,
  ) {}

  async execute({ reservationId, actor }: BackToBookingCommand): Promise<void> {
    const loaded = await this.reservations.load(reservationId);
    const events = decideBackToBooking(loaded.state, reservationId);
    if (events.length === 0) return;
    const now = this.options.clock.now();
    const metadata = provenance(this.options.ids.uuid(), actor, now, reservationId);
    try {
      const { position } = await appendAlone(this.store, reservationAppend(reservationId, loaded, events.map((e) => reservationToLog(e, metadata))));
      await this.options.waitForProjections(position);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error; // changed meanwhile: it is no longer a validated pending one
    }
  }
}
