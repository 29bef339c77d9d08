import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { DomainError } from '@ticketing/kernel';
import { decideCancelReservation } from '@ticketing/sales/domain';
import { ReservationLog, reservationAppend } from '../reservation/reservation-stream.js';
import { provenance, toAppend } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { WaitingListSetAside } from '../waiting-list/waiting-list-set-aside.js';
import { passUseReturned } from '../apply-code/pass-use-returned.js';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';

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
    private readonly passes: SubscriptionPasses,
    private readonly reservations: ReservationLog,
  ) {}

  /**
   * Decided again when the order or its pass changed under it: an order paid or expired meanwhile is no longer
   * cancelled (false); a pass used by another order meanwhile only moves the expected revision of its entries.
   */
  execute({ reservationId, actor }: CancelReservationCommand): Promise<boolean> {
    return handleCommand({
      load: () => this.reservations.load(reservationId),
      decide: async (loaded) => {
        const { state } = loaded;
        if (state.status === 'NONE') return { result: false };
        let events;
        try {
          events = decideCancelReservation(state, reservationId);
        } catch (error) {
          if (error instanceof DomainError) return { result: false }; // not pending: nothing to cancel
          throw error;
        }
        if (events.length === 0) return { result: false };
        const now = this.options.clock.now();
        const metadata = provenance(this.options.ids.uuid(), actor, now, reservationId);
        const companion = reservationAppend(reservationId, loaded, events.map((e) => toAppend(e, metadata)));
        const passUse = await passUseReturned(this.passes, state.appliedSubscription?.subscriptionId ?? null, reservationId, metadata);
        const setAside = (await this.waitingList.forReleases([state.eventShortName], now)).forRelease(state.eventShortName);
        const release = { eventShortName: state.eventShortName, reservationId, reason: 'CANCELLED' as const, now, setAside };
        return { result: true, append: () => this.desk.release(release, metadata, [companion, ...passUse]) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}
