import type { EventStore, RecordedEvent } from '@ticketing/event-store';

/** What a reservation was opened with, and the event of the log that recorded it first. */
export interface ReservationOpening {
  /** ReservationOpened's data (the hold's `opening`). */
  readonly data: Record<string, unknown>;
  /** The hold that opened it (SeatsHeld on the event's inventory), or the stream's own ReservationOpened for a reservation opened before one event per hold. */
  readonly event: RecordedEvent;
}

/**
 * A reservation's opening as the log has it: the hold that opened it (an inventory's SeatsHeld carrying `opening`),
 * else the first event of its own stream. Reads the whole log: for the small logs of a test. Null when neither is there.
 */
export async function reservationOpening(store: EventStore, reservationId: string): Promise<ReservationOpening | null> {
  const held = (await store.readAll()).find((e) => e.type === 'SeatsHeld' && (e.data.opening as { reservationId?: string } | undefined)?.reservationId === reservationId);
  if (held) return { data: held.data.opening as Record<string, unknown>, event: held };
  const [first] = await store.readStream(`reservation-${reservationId}`, { maxCount: 1 });
  return first?.type === 'ReservationOpened' ? { data: first.data, event: first } : null;
}
