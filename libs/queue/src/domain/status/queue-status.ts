/**
 * What a buyer in line is told, by arithmetic on two numbers of the room (how far the line is admitted, how many
 * were drawn) and their own place: no count over the line, so the status call stays cheap however long it is.
 */
export interface RoomProgress {
  readonly opensAt: Date;
  readonly admissionsPerMinute: number;
  /** Every place up to this one is admitted (0: none yet). */
  readonly admittedThrough: number;
}

export type QueueStatus =
  /** Joined before the opening: the place is drawn when the room opens. */
  | { readonly state: 'WAITING_FOR_DRAW'; readonly opensAt: Date }
  /** Joined after the opening, not placed yet (the next tick of the admission job places them). */
  | { readonly state: 'JOINING' }
  | { readonly state: 'IN_LINE'; readonly position: number; readonly ahead: number; readonly estimatedWaitSeconds: number }
  | { readonly state: 'ADMITTED'; readonly position: number; readonly tokenExpiresAt: Date }
  /** Admitted, and the token's validity passed: the slot is lost (the buyer may queue again). */
  | { readonly state: 'EXPIRED'; readonly position: number };

export interface PlaceInLine {
  /** Null until the draw (pre-opening arrivals) or the placing tick (later arrivals). */
  readonly position: number | null;
  readonly joinedBeforeOpening: boolean;
  /** When the admission that covered this place happened; null while not admitted. */
  readonly admittedAt: Date | null;
}

export function queueStatus(place: PlaceInLine, room: RoomProgress, tokenValidityMinutes: number, now: Date): QueueStatus {
  if (place.position === null) return place.joinedBeforeOpening && now < room.opensAt ? { state: 'WAITING_FOR_DRAW', opensAt: room.opensAt } : { state: 'JOINING' };
  if (place.position <= room.admittedThrough && place.admittedAt) {
    const tokenExpiresAt = new Date(place.admittedAt.getTime() + tokenValidityMinutes * 60_000);
    return tokenExpiresAt > now ? { state: 'ADMITTED', position: place.position, tokenExpiresAt } : { state: 'EXPIRED', position: place.position };
  }
  const ahead = Math.max(0, place.position - room.admittedThrough - 1);
  // the ones ahead go first, then this one: (ahead + 1) admissions at the rate; before the opening, plus the wait for it
  const untilOpen = Math.max(0, room.opensAt.getTime() - now.getTime()) / 1000;
  const estimatedWaitSeconds = Math.ceil(untilOpen + ((ahead + 1) * 60) / room.admissionsPerMinute);
  return { state: 'IN_LINE', position: place.position, ahead, estimatedWaitSeconds };
}
