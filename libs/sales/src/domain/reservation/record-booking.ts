import { keepFixedAnswers, NotFoundError } from '@ticketing/kernel';
import type { BookingDetails } from './booking-details.js';
import type { BookingDetailsRecorded, BookingReopened, BookingValidated, ReservationLanguageChanged } from './reservation.events.js';
import { reservationSubjectId } from './reservation.events.js';
import { ticketsIssued, type OpenedReservation, type ReservationState } from './reservation.js';

export interface RecordBooking {
  readonly reservationId: string;
  readonly booking: BookingDetails;
  /** No errors, and no warnings left unaccepted: the buyer may go on to the overview. */
  readonly passed: boolean;
  /** The event's language the buyer is on now (the step's `lang`, when the event speaks it), else null. */
  readonly language: string | null;
}

type BookingEvent = BookingDetailsRecorded | BookingValidated | BookingReopened | ReservationLanguageChanged;

/**
 * The order goes on in the language the buyer is on at a step (validate-to-overview, the overview's confirm, a
 * payment started), when it is one of the event's (else null) and not the order's already: its mails, items and
 * documents speak it from then on.
 */
export function decideLanguageChange(state: OpenedReservation, reservationId: string, language: string | null): ReservationLanguageChanged[] {
  return language !== null && language !== state.language ? [{ type: 'ReservationLanguageChanged', data: { reservationId, language } }] : [];
}

const sameBooking = (a: BookingDetails | null, b: BookingDetails) => a !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * `validate-to-overview`: only a pending reservation (else 404, as alf.io; expiry is not checked here, the
 * confirm does). The details are recorded whether or not they passed, so the buyer finds them again; the
 * same details twice record nothing. The order goes on in the language the buyer is on at this step.
 */
export function decideRecordBooking(state: ReservationState, command: RecordBooking): BookingEvent[] {
  if (state.status !== 'PENDING') throw new NotFoundError('reservation', command.reservationId);
  const { reservationId, booking, passed, language } = command;
  const events: BookingEvent[] = [...decideLanguageChange(state, reservationId, language)];
  if (!sameBooking(state.booking, booking)) {
    events.push({ type: 'BookingDetailsRecorded', data: { reservationId, subjectId: reservationSubjectId(reservationId), booking } });
  }
  if (passed && !state.validated) events.push({ type: 'BookingValidated', data: { reservationId } });
  if (!passed && state.validated) events.push({ type: 'BookingReopened', data: { reservationId } });
  return events;
}

/** `back-to-booking`: a pending, validated reservation must be validated again; anything else is left alone. */
export function decideBackToBooking(state: ReservationState, reservationId: string): BookingReopened[] {
  if (state.status !== 'PENDING' || !state.validated) return [];
  return [{ type: 'BookingReopened', data: { reservationId } }];
}

export interface ChangeItemAnswers {
  readonly reservationId: string;
  /** The ticket whose holder changed them: only items linked to it change. */
  readonly ticketId: string;
  readonly items: readonly { readonly itemId: number; readonly answers: Readonly<Record<string, readonly string[]>> }[];
  /** The fields whose answer may not change once given (the catalog's attendee fields not `editable`). */
  readonly fixedFields: readonly string[];
}

/**
 * The ticket update (reference 34) with answers about the supplement items linked to the ticket: an order whose
 * tickets are issued only (ticketsIssued; else 404, as the update itself), so its tickets are acquired and an answer to a field that is not editable
 * stays once given (spec 4, field locking). The details are recorded again with those answers; items linked to
 * another ticket, and answers equal to the recorded ones, change nothing. Nothing is recorded once the buyer's
 * details were erased.
 */
export function decideChangeItemAnswers(state: ReservationState, command: ChangeItemAnswers): BookingDetailsRecorded[] {
  if (!ticketsIssued(state)) throw new NotFoundError('reservation', command.reservationId);
  const { reservationId, ticketId } = command;
  if (state.booking === null) return [];
  const items = state.booking.items.map((item) => {
    const change = item.ticketId === ticketId ? command.items.find((i) => i.itemId === item.itemId) : undefined;
    return change ? { ...item, answers: keepFixedAnswers(item.answers, change.answers, command.fixedFields) } : item;
  });
  const booking = { ...state.booking, items };
  if (sameBooking(state.booking, booking)) return [];
  return [{ type: 'BookingDetailsRecorded', data: { reservationId, subjectId: reservationSubjectId(reservationId), booking } }];
}
