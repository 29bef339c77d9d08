import { handleCommand, type GlobalPosition } from '@ticketing/event-store';
import { NotFoundError, type Clock, type IdGenerator } from '@ticketing/kernel';
import { decideConfirmOfflinePayment, type OpenedReservation } from '@ticketing/sales/domain';
import type { PassIssue } from '@ticketing/subscriptions/contracts';
import type { IssuedAs } from '../purchase-context/pass-issuance.js';
import { provenance } from '../shared/event-data.js';
import type { InventoryDesk } from '../inventory/inventory-desk.js';
import { recordSettlement } from '../reservation/record-settlement.js';
import type { LoadedReservation, ReservationLog } from '../reservation/reservation-stream.js';

export type OfflinePaymentOutcome = 'CONFIRMED' | 'ALREADY_COMPLETE';

export interface OfflinePaymentDeps {
  readonly reservations: Pick<ReservationLog, 'load'>;
  readonly desk: InventoryDesk;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The pass a pass's order creates once paid (PassIssuance.issueFor; null for an event's order). */
  readonly issuePass: (state: OpenedReservation, issuedAs: IssuedAs, now: Date) => Promise<PassIssue | null>;
}

/** The pass a confirmation issued (a pass's order), for the caller to name. */
export interface IssuedPass {
  readonly subscriptionId: string;
  readonly descriptorId: string;
}

export interface OfflinePaymentConfirmation {
  readonly outcome: OfflinePaymentOutcome;
  /** The order now waits for its invoice number. */
  readonly finalizing: boolean;
  /** The pass issued: null for an event's order, or when nothing was written. */
  readonly pass: IssuedPass | null;
  /** Where the append went; null when nothing was written. */
  readonly position: GlobalPosition | null;
}

/**
 * A bank transfer arrived: the order completes, its seats are sold and its tickets issued (a deferred order
 * has both already), in one append; an order that gets an invoice is FINALIZING until its number is assigned
 * (ReservationFinalizer: the command right after, the running API's sweeper after the CLI).
 * A pass's order issues its pass (its stream and the claim on its PIN) in the same append.
 * Shared by the organizer API (through the command) and the operator's CLI.
 */
export async function confirmOfflinePayment(deps: OfflinePaymentDeps, reservationId: string, actor: string): Promise<OfflinePaymentConfirmation> {
  let position: GlobalPosition | null = null;
  let finalizing = false;
  let issued: IssuedPass | null = null;
  // another confirmation, or the sweeper at the deadline, may write first: handleCommand decides again on what it wrote
  const outcome = await handleCommand<LoadedReservation, OfflinePaymentOutcome>({
    load: () => deps.reservations.load(reservationId),
    decide: async ({ state, revision, unrecorded }) => {
      if (state.status === 'NONE') throw new NotFoundError('reservation', reservationId);
      const { events, tickets } = decideConfirmOfflinePayment(state, reservationId);
      if (events.length === 0) return { result: 'ALREADY_COMPLETE' };
      finalizing = events.some((e) => e.data.status === 'FINALIZING');
      const now = deps.clock.now();
      const metadata = provenance(deps.ids.uuid(), actor, now, reservationId);
      const pass = await deps.issuePass(state, tickets, now);
      issued = pass && { subscriptionId: pass.issued.data.subscriptionId, descriptorId: pass.issued.data.descriptorId };
      // a deferred order's seats are sold already: selling again changes nothing, and it has its tickets (null)
      return { result: 'CONFIRMED', append: () => recordSettlement(deps.desk, { state, revision, unrecorded, events, settlement: { kind: 'sell' }, tickets, pass }, metadata) };
    },
    written: async (at) => void (position = at),
  });
  return { outcome, finalizing, pass: position === null ? null : issued, position };
}
