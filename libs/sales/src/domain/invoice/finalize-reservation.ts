import { NotFoundError, type Decider } from '@ticketing/kernel';
import type { ReservationEvent, ReservationFinalized } from '../reservation/reservation.events.js';
import { evolveReservation, initialReservationState, type ReservationState } from '../reservation/reservation.js';
import type { InvoiceNumberAssigned } from './invoice-sequence.events.js';
import { evolveInvoiceSequence, initialInvoiceSequenceState, type InvoiceSequenceState } from './invoice-sequence.js';
import { formatInvoiceNumber } from './invoice-number.js';

/** Give a paid order waiting for its invoice number (FINALIZING) the next number of its organizer. */
export interface FinalizeReservation {
  readonly type: 'FinalizeReservation';
  readonly data: {
    readonly reservationId: string;
    readonly organizerSlug: string;
    /** The organizer's pattern (`INV-%06d`); null prints the plain number. */
    readonly invoiceNumberPattern: string | null;
  };
}

/** The two streams the decision reads and writes together: the order, and its organizer's invoice sequence. */
export interface FinalizationState {
  readonly reservation: ReservationState;
  readonly sequence: InvoiceSequenceState;
}

export type FinalizationEvent = ReservationEvent | InvoiceNumberAssigned;

export function evolveFinalization(state: FinalizationState, event: FinalizationEvent): FinalizationState {
  return event.type === 'InvoiceNumberAssigned'
    ? { ...state, sequence: evolveInvoiceSequence(state.sequence, event) }
    : { ...state, reservation: evolveReservation(state.reservation, event) };
}

/**
 * alf.io's ReservationFinalizer: a paid order needing an invoice takes the next number of its organizer's
 * sequence and is COMPLETE. The caller appends the sequence's event and the order's in one step, each with the
 * revision it was decided on, and decides again when another order took that number first: so the numbers go
 * 1, 2, 3 ... with no gap and no repeat. Anything not FINALIZING (finalized already, never due) changes nothing.
 */
export function decideFinalizeReservation(command: FinalizeReservation, state: FinalizationState): (InvoiceNumberAssigned | ReservationFinalized)[] {
  const { reservationId, organizerSlug, invoiceNumberPattern } = command.data;
  const { reservation, sequence } = state;
  if (reservation.status === 'NONE') throw new NotFoundError('reservation', reservationId);
  if (reservation.status !== 'FINALIZING') return [];
  const next = sequence.last + 1;
  const invoiceNumber = formatInvoiceNumber(invoiceNumberPattern, next);
  return [
    { type: 'InvoiceNumberAssigned', data: { organizerSlug, sequence: next, invoiceNumber, reservationId } },
    { type: 'ReservationFinalized', data: { reservationId, eventShortName: reservation.eventShortName, organizerSlug, sequence: next, invoiceNumber } },
  ];
}

export const finalizeReservationDecider: Decider<FinalizationState, FinalizeReservation, FinalizationEvent> = {
  initialState: () => ({ reservation: initialReservationState(), sequence: initialInvoiceSequenceState() }),
  evolve: evolveFinalization,
  decide: decideFinalizeReservation,
};
