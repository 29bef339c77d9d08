import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, WrongExpectedRevisionError } from '@ticketing/event-store';
import { DomainError } from '@ticketing/kernel';
import { decideCancelReservation, reservationStreamId } from '@ticketing/sales/domain';
import { loadReservation } from '../reservation/reservation-stream.js';
import { provenance, toAppend } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { WaitingListSetAside } from '../waiting-list/waiting-list-set-aside.js';

/** Resolves to true when the reservation was pending and is now cancelled (its seats back), false otherwise. */
export class CancelReservationCommand extends Command<boolean> {
  constructor(
    readonly reservationId: string,
    readonly actor: string,
  ) {
    super();
  }
}

@CommandHandler(CancelReservationCommand)
export class CancelReservationHandler implements ICommandHandler<CancelReservationCommand, boolean> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly desk: InventoryDesk,
    private readonly waitingList: WaitingListSetAside,
  ) {}

  async execute({ reservationId, actor }: CancelReservationCommand): Promise<boolean> {
    const streamId = reservationStreamId(reservationId);
    const { state, revision } = await loadReservation(this.store, reservationId);
    if (state.status === 'NONE' || revision === 'no_stream') return false;
    const now = this.options.clock.now();
    let events;
    try {
      events = decideCancelReservation(state, reservationId);
    } catch (error) {
      if (error instanceof DomainError) return false; // not pending: nothing to cancel
      throw error;
    }
    if (events.length === 0) return false;
    const metadata = provenance(this.options.ids.uuid(), actor, now, reservationId);
    const companion = { streamId, events: events.map((e) => toAppend(e, metadata)), expectedRevision: revision };
    const setAside = (await this.waitingList.forReleases([state.eventShortName], now)).forRelease(state.eventShortName);
    try {
      const { position } = await this.desk.release({ eventShortName: state.eventShortName, reservationId, reason: 'CANCELLED', now, setAside }, metadata, [companion]);
      if (position !== null) await this.options.waitForProjections(position);
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && error.streamId === streamId) return false; // changed meanwhile (expired, paid)
      throw error;
    }
  }
}
