import type { EventStore, EventToAppend, RecordedEvent } from '@ticketing/event-store';
import { reservationStreamId, evolveReservation, initialReservationState, ticketStreamId, type BookingDetails, type ReservationEvent, type ReservationState, type TicketEvent, type Attendee } from '@ticketing/sales/domain';
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

export function ticketToLog(event: TicketEvent, metadata: Provenance): EventToAppend {
  const { attendee, ...data } = event.data;
  return { type: event.type, data: { ...data }, metadata, ...(attendee ? { personal: { subjectId: data.subjectId, data: { attendee } } } : {}) };
}

export function ticketFromLog(recorded: RecordedEvent): TicketEvent {
  const attendee = ((recorded.personal?.data as { attendee?: Attendee } | null)?.attendee ?? null) as Attendee | null;
  return { type: recorded.type, data: { ...recorded.data, attendee } } as TicketEvent;
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

export const ticketAppend = (event: TicketEvent, metadata: Provenance) => ({
  streamId: ticketStreamId(event.data.ticketId),
  events: [ticketToLog(event, metadata)],
  expectedRevision: 'no_stream' as const,
});
