import type { EventStore, EventToAppend, RecordedEvent } from '@ticketing/event-store';
import type { EventMetadata } from '@ticketing/kernel';
import { evolveTicket, initialTicketState, type TicketEvent, type TicketState } from '@ticketing/ticketing/domain';
import { ticketStreamId, type TicketHolder } from '@ticketing/ticketing/contracts';

/**
 * A ticket's holder leaves `data` for the event's personal data, encrypted under the ticket's subject: erasing
 * the subject forgets who held it and leaves the rest of its history (and the hash chain) intact.
 */
export function ticketToLog(event: TicketEvent, metadata: EventMetadata): EventToAppend {
  if (event.type === 'TicketIssued') {
    const { attendee, ...data } = event.data;
    return { type: event.type, data: { ...data }, metadata, ...(attendee ? { personal: { subjectId: data.subjectId, data: { attendee } } } : {}) };
  }
  if (event.type === 'TicketAssigned') {
    const { holder, ...data } = event.data;
    return { type: event.type, data: { ...data }, metadata, ...(holder ? { personal: { subjectId: data.subjectId, data: { holder } } } : {}) };
  }
  return { type: event.type, data: { ...event.data }, metadata };
}

export function ticketFromLog(recorded: Pick<RecordedEvent, 'type' | 'data' | 'personal'>): TicketEvent {
  const personal = (recorded.personal?.data ?? null) as { attendee?: TicketHolder; holder?: TicketHolder } | null;
  if (recorded.type === 'TicketIssued') return { type: 'TicketIssued', data: { ...recorded.data, attendee: personal?.attendee ?? null } } as TicketEvent;
  if (recorded.type === 'TicketAssigned') return { type: 'TicketAssigned', data: { ...recorded.data, holder: personal?.holder ?? null } } as TicketEvent;
  return { type: recorded.type, data: recorded.data } as TicketEvent;
}

export interface LoadedTicket {
  readonly state: TicketState;
  readonly revision: number | 'no_stream';
}

/** A ticket's few events, folded: commands and the ticket's page read the log itself. */
export async function loadTicket(store: EventStore, ticketId: string): Promise<LoadedTicket> {
  const recorded = await store.readStream(ticketStreamId(ticketId));
  const state = recorded.reduce((s, e) => evolveTicket(s, ticketFromLog(e), e.metadata.occurredAt), initialTicketState());
  return { state, revision: recorded.at(-1)?.revision ?? 'no_stream' };
}
