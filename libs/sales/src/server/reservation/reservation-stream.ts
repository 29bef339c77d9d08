import type { EventStore, EventToAppend, RecordedEvent } from '@ticketing/event-store';
import { reservationStreamId, evolveReservation, initialReservationState, type BookingDetails, type ReservationEvent, type ReservationState, type TicketIssued } from '@ticketing/sales/domain';
import { ticketStreamId } from '@ticketing/ticketing/contracts';
import type { Provenance } from '../shared/event-data.js';

/**
 * The buyer's and attendees' details leave `data` and go into the event's personal data, encrypted under the
 * reservation's subject: erasing the subject forgets them and leaves the rest of the history (and its hash
 * chain) intact. Every other event goes to the log as it is.
 */
export function reservationToLog(event: ReservationEvent, metadata: Provenance): EventToAppend {
  if (event.type !== 'BookingDetailsRecorded') return { type: event.type, data: { ...event.data }, metadata };
  const { booking, subjectId, ...data } = event.data;
  return { type: event.type, data: { ...data, subjectId }, metadata, ...(booking ? { personal: { subjectId, data: { booking } } } : {}) };
}

export function reservationFromLog(recorded: RecordedEvent): ReservationEvent {
  if (recorded.type !== 'BookingDetailsRecorded') return { type: recorded.type, data: recorded.data } as ReservationEvent;
  const booking = ((recorded.personal?.data as { booking?: BookingDetails } | null)?.booking ?? null) as BookingDetails | null;
  return { type: 'BookingDetailsRecorded', data: { ...(recorded.data as { reservationId: string; subjectId: string }), booking } };
}

/** The issued ticket's attendee goes into its personal data, as the ticketing context reads it back. */
export function ticketToLog(event: TicketIssued, metadata: Provenance): EventToAppend {
  const { attendee, ...data } = event.data;
  return { type: event.type, data: { ...data }, metadata, ...(attendee ? { personal: { subjectId: data.subjectId, data: { attendee } } } : {}) };
}

export interface LoadedReservation {
  readonly state: ReservationState;
  /** Append the next decision with this; 'no_stream' when the reservation does not exist. */
  readonly revision: number | 'no_stream';
}

/** Reads and folds one reservation: a few events, so commands and the reservation view read the log itself. */
export async function loadReservation(store: EventStore, reservationId: string): Promise<LoadedReservation> {
  const recorded = await store.readStream(reservationStreamId(reservationId));
  const state = recorded.reduce((s, e) => evolveReservation(s, reservationFromLog(e), e.metadata.occurredAt), initialReservationState());
  return { state, revision: recorded.at(-1)?.revision ?? 'no_stream' };
}

export const ticketAppend = (event: TicketIssued, metadata: Provenance) => ({
  streamId: ticketStreamId(event.data.ticketId),
  events: [ticketToLog(event, metadata)],
  expectedRevision: 'no_stream' as const,
});
