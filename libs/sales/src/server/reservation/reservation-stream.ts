import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, EventToAppend, RecordedEvent, StreamAppend } from '@ticketing/event-store';
import { isUuid, type EventMetadata } from '@ticketing/kernel';
import type { Queryable } from '@ticketing/postgres';
import {
  evolveReservation,
  initialReservationState,
  inventoryStreamId,
  reservationStreamId,
  type BookingDetails,
  type ReservationEvent,
  type ReservationOpened,
  type ReservationState,
  type SeatsHeld,
  type TicketIssued,
} from '@ticketing/sales/domain';
import { ticketStreamId } from '@ticketing/ticketing/contracts';
import { HOLDS_TABLE } from '../read-models/holds/holds.projection.js';
import type { Provenance } from '../shared/event-data.js';
import { SALES_DB, SALES_EVENT_STORE } from '../tokens.js';

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
  /** Append the next decision with this; 'no_stream' when the reservation does not exist or its stream is not written yet. */
  readonly revision: number | 'no_stream';
  /**
   * The opening its hold recorded (SeatsHeld.opening) while its own stream is not written yet: the stream's first
   * event, written before the first decision (reservationEvents); null once written, or for no reservation.
   */
  readonly unrecorded: EventToAppend | null;
}

/** A decision's events for the reservation's stream: after the opening its hold recorded, when the stream is not written yet. */
const reservationEvents = (loaded: Pick<LoadedReservation, 'unrecorded'>, events: readonly EventToAppend[]): EventToAppend[] =>
  loaded.unrecorded && events.length > 0 ? [loaded.unrecorded, ...events] : [...events];

/** The append of a decision's events to the reservation's stream, with the revision it was decided on. */
export const reservationAppend = (reservationId: string, loaded: Pick<LoadedReservation, 'revision' | 'unrecorded'>, events: readonly EventToAppend[]): StreamAppend => ({
  streamId: reservationStreamId(reservationId),
  events: reservationEvents(loaded, events),
  expectedRevision: loaded.revision,
});

/** Writes one such append on its own (one stream: a plain append, at the revision it was decided on). */
export const appendAlone = (store: EventStore, append: StreamAppend) => store.append(append.streamId, append.events, append.expectedRevision);

/** How many reservations' owners ownerOf keeps: a user id or null each, about 100 bytes. */
const OWNERS_KEPT = 20_000;

const folded = (recorded: readonly RecordedEvent[]): ReservationState =>
  recorded.reduce((s, e) => evolveReservation(s, reservationFromLog(e), e.metadata.occurredAt), initialReservationState());

/**
 * The reservations of the log. A hold opens its reservation with one event on the inventory stream (SeatsHeld with
 * its `opening`, the rush's one write per buyer); the reservation's own stream begins with the buyer's first change,
 * which records that opening first (ReservationOpened, with the hold's metadata: who opened it and when). Until then
 * a reservation is read from its hold, found by the holds read model (written in the hold's own append on
 * PostgreSQL, so a buyer reads a reservation just made).
 */
@Injectable()
export class ReservationLog {
  /** Owners of reservations read so far (null: anonymous), oldest first. */
  private readonly owners = new Map<string, string | null>();

  constructor(
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    @Inject(SALES_DB) private readonly db: Queryable,
  ) {}

  /** Reads and folds one reservation: a few events, so commands and the reservation view read the log itself. */
  async load(reservationId: string): Promise<LoadedReservation> {
    const recorded = await this.store.readStream(reservationStreamId(reservationId));
    if (recorded.length > 0) return { state: folded(recorded), revision: recorded.at(-1)!.revision, unrecorded: null };
    const opening = await this.openingOf(reservationId);
    if (!opening) return { state: initialReservationState(), revision: 'no_stream', unrecorded: null };
    // the stream may have been written since it was read: the append that records this opening then fails on the
    // revision, as any decision on a reservation that changed meanwhile
    const opened: ReservationOpened = { type: 'ReservationOpened', data: opening.data };
    return {
      state: evolveReservation(initialReservationState(), opened, opening.metadata.occurredAt),
      revision: 'no_stream',
      unrecorded: { type: opened.type, data: { ...opened.data }, metadata: opening.metadata },
    };
  }

  /**
   * The signed-in user a reservation belongs to (null: anonymous, or no such reservation), from its first event. Every
   * call of the buyer's pages asks it (the access guard) before the call reads the reservation itself; the opening
   * never changes, so an owner once read is kept (the last OWNERS_KEPT reservations) and asked of the log only once.
   */
  async ownerOf(reservationId: string): Promise<string | null> {
    const known = this.owners.get(reservationId);
    if (known !== undefined) return known;
    const [first] = await this.store.readStream(reservationStreamId(reservationId), { maxCount: 1 });
    const opened = first ? (first.type === 'ReservationOpened' ? (first.data as ReservationOpened['data']) : null) : ((await this.openingOf(reservationId))?.data ?? null);
    if (!opened) return null; // no such reservation yet: asked again next time
    const owner = opened.ownerUserId ?? null;
    this.owners.set(reservationId, owner);
    if (this.owners.size > OWNERS_KEPT) this.owners.delete(this.owners.keys().next().value!);
    return owner;
  }

  /** What the reservation's hold opened it with, from the hold's event in its inventory stream; null when no hold opened it. */
  private async openingOf(reservationId: string): Promise<{ data: ReservationOpened['data']; metadata: EventMetadata } | null> {
    if (!isUuid(reservationId)) return null;
    const hold = await this.holdOf(reservationId);
    if (!hold) return null;
    const [held] = await this.store.readStream(inventoryStreamId(hold.short_name), { fromRevision: hold.held_revision, maxCount: 1 });
    const data = held?.type === 'SeatsHeld' ? (held.data as SeatsHeld['data']) : null;
    if (!data?.opening || data.reservationId !== reservationId) return null;
    return { data: data.opening, metadata: held!.metadata };
  }

  private async holdOf(reservationId: string): Promise<{ short_name: string; held_revision: number } | undefined> {
    try {
      const { rows } = await this.db.query<{ short_name: string; held_revision: number }>(`select short_name, held_revision from ${HOLDS_TABLE} where reservation_id = $1`, [reservationId]);
      return rows[0];
    } catch (error) {
      // a database no API process has projected yet (the operator's CLI on a log alone): no hold is known by it
      if ((error as { code?: unknown }).code === '42P01') return undefined;
      throw error;
    }
  }
}

export const ticketAppend = (event: TicketIssued, metadata: Provenance) => ({
  streamId: ticketStreamId(event.data.ticketId),
  events: [ticketToLog(event, metadata)],
  expectedRevision: 'no_stream' as const,
});
