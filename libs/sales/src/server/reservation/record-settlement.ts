import type { StreamAppend } from '@ticketing/event-store';
import { DomainError, RuleViolations } from '@ticketing/kernel';
import { evolveReservation, issueTickets, type Settlement, type ReservationEvent, type OpenedReservation, type ReservationState } from '@ticketing/sales/domain';
import { subscriptionPinStreamId, subscriptionStreamId, type PassIssue } from '@ticketing/subscriptions/contracts';
import { toAppend, type Provenance } from '../shared/event-data.js';
import type { InventoryDesk } from '../inventory/inventory-desk.js';
import { reservationAppend, reservationToLog, ticketAppend, type LoadedReservation } from './reservation-stream.js';

export interface SettlementRecord {
  readonly state: OpenedReservation;
  readonly revision: LoadedReservation['revision'];
  readonly unrecorded: LoadedReservation['unrecorded'];
  readonly events: readonly ReservationEvent[];
  readonly settlement: Settlement;
  /** Issue the reservation's tickets in the same append, with this status. */
  readonly tickets: 'ACQUIRED' | 'TO_BE_PAID' | null;
  /** A pass's order completing: the pass to create in the same append (PassIssuance). */
  readonly pass?: PassIssue | null;
}

/**
 * A pass's two streams, both new: its SubscriptionIssued (the owner as personal data under the order's subject, as
 * the subscriptions context reads it back) and the claim on its PIN. Another pass of the organizer holding the PIN
 * fails the whole append on the PIN stream's expectation; the caller decides again, with a new PIN.
 */
function passAppends({ issued, pinTaken }: PassIssue, metadata: Provenance): StreamAppend[] {
  const { owner, ...data } = issued.data;
  return [
    {
      streamId: subscriptionStreamId(data.subscriptionId),
      events: [{ type: issued.type, data: { ...data, owner: null }, metadata, ...(owner ? { personal: { subjectId: data.subjectId, data: { owner } } } : {}) }],
      expectedRevision: 'no_stream',
    },
    { streamId: subscriptionPinStreamId(pinTaken.data.organizerSlug, pinTaken.data.pin), events: [toAppend(pinTaken, metadata)], expectedRevision: 'no_stream' },
  ];
}

/**
 * One all-or-nothing append through the inventory desk: the reservation's events (with the revision they were
 * decided on), the tickets issued (or the pass), and what happens to the hold. A hold that is gone refuses the whole step
 * (422 STEP_2_PAYMENT_PROCESSING_ERROR with STEP2_UNABLE_TO_TRANSITION, as alf.io); so does a reservation that
 * changed meanwhile (the caller may decide again).
 */
export async function recordSettlement(desk: InventoryDesk, record: SettlementRecord, metadata: Provenance) {
  let after: ReservationState = record.state;
  for (const event of record.events) after = evolveReservation(after, event, metadata.occurredAt);
  const companions: StreamAppend[] = [
    reservationAppend(record.state.opened.reservationId, record, record.events.map((e) => reservationToLog(e, metadata))),
    ...(record.tickets && after.status !== 'NONE' ? issueTickets(after, record.tickets).map((ticket) => ticketAppend(ticket, metadata)) : []),
    ...(record.pass ? passAppends(record.pass, metadata) : []),
  ];
  try {
    return await desk.settle({ eventShortName: record.state.eventShortName, reservationId: record.state.opened.reservationId, settlement: record.settlement }, metadata, companions);
  } catch (error) {
    if (error instanceof DomainError && !(error instanceof RuleViolations)) {
      throw new RuleViolations([{ code: 'error.STEP_2_PAYMENT_PROCESSING_ERROR', field: 'paymentForm', args: [error.code] }]);
    }
    throw error;
  }
}
