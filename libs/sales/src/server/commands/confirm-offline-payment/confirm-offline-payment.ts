import { type EventStore, WrongExpectedRevisionError } from '@ticketing/event-store';
import { NotFoundError, type Clock, type IdGenerator } from '@ticketing/kernel';
import { decideConfirmOfflinePayment } from '@ticketing/sales/domain';
import { provenance } from '../../event-data.js';
import type { InventoryDesk } from '../../inventory/inventory-desk.js';
import { recordSettlement } from '../../reservation/record-settlement.js';
import { loadReservation } from '../../reservation/reservation-stream.js';

export type OfflinePaymentOutcome = 'CONFIRMED' | 'ALREADY_COMPLETE';

const MAX_ATTEMPTS = 3;

export interface OfflinePaymentDeps {
  readonly store: EventStore;
  readonly desk: InventoryDesk;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * A bank transfer arrived: the order completes, its seats are sold and its tickets issued (a deferred order
 * has both already), in one append.
 * Shared by the organizer API (through the command) and the operator's CLI. Resolves to the outcome and the
 * position written (null when nothing was).
 */
export async function confirmOfflinePayment(deps: OfflinePaymentDeps, reservationId: string, actor: string) {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadReservation(deps.store, reservationId);
    if (state.status === 'NONE' || revision === 'no_stream') throw new NotFoundError('reservation', reservationId);
    const { events, tickets } = decideConfirmOfflinePayment(state, reservationId);
    if (events.length === 0) return { outcome: 'ALREADY_COMPLETE' as OfflinePaymentOutcome, position: null };
    const metadata = provenance(deps.ids.uuid(), actor, deps.clock.now(), reservationId);
    try {
      // a deferred order's seats are sold already: selling again changes nothing, and it has its tickets (null)
      const { position } = await recordSettlement(deps.desk, { state, revision, events, settlement: { kind: 'sell' }, tickets }, metadata);
      return { outcome: 'CONFIRMED' as OfflinePaymentOutcome, position };
    } catch (error) {
      // another confirmation, or the sweeper at the deadline, wrote first: decide again on what it wrote
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
