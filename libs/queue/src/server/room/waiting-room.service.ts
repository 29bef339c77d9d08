import { NotFoundError, type Clock } from '@ticketing/kernel';
import { queueStatus, type QueueStatus } from '@ticketing/queue/domain';
import { AdmissionTokens, sessionDigest } from './admission-tokens.js';
import type { RoomSettings, WaitingRoomSettings } from './waiting-room-settings.js';
import type { WaitingRoomStore } from './waiting-room.store.js';

export type BuyerStatus =
  | { readonly state: 'NOT_JOINED'; readonly opensAt: Date }
  | (QueueStatus & { readonly opensAt: Date; readonly token: string | null });

/** Join the line, read one's place (with the admission token once admitted). */
export class WaitingRoomService {
  constructor(
    private readonly store: WaitingRoomStore,
    private readonly settings: WaitingRoomSettings,
    private readonly tokens: AdmissionTokens,
    private readonly clock: Clock,
  ) {}

  /**
   * A first join is one insert, and its answer needs no read (no place yet: waiting for the draw, or joining); a
   * repeated one reads the place, and one whose admission lapsed leaves and joins again, at the end.
   */
  async join(eventShortName: string, sessionId: string): Promise<BuyerStatus> {
    const room = await this.roomOf(eventShortName);
    const digest = sessionDigest(sessionId);
    const now = this.clock.now();
    if (await this.store.join(eventShortName, digest, room.opensAt, now)) return this.justJoined(room, now);
    const current = await this.status(eventShortName, sessionId, room);
    if (current.state !== 'EXPIRED' && current.state !== 'NOT_JOINED') return current;
    if (current.state === 'EXPIRED') await this.store.leave(eventShortName, digest, current.position, now);
    return (await this.store.join(eventShortName, digest, room.opensAt, now)) ? this.justJoined(room, now) : this.status(eventShortName, sessionId, room);
  }

  private justJoined(room: RoomSettings, now: Date): BuyerStatus {
    return now < room.opensAt ? { state: 'WAITING_FOR_DRAW', opensAt: room.opensAt, token: null } : { state: 'JOINING', opensAt: room.opensAt, token: null };
  }

  /**
   * `sessionMinted`: the session was made for this very request, so it cannot be in line: answered without a read (a
   * visitor's first call, which opens the session, costs the database nothing).
   */
  async status(eventShortName: string, sessionId: string, known?: RoomSettings, sessionMinted = false): Promise<BuyerStatus> {
    const room = known ?? (await this.roomOf(eventShortName));
    if (sessionMinted) return { state: 'NOT_JOINED', opensAt: room.opensAt };
    const stored = await this.store.place(eventShortName, sessionDigest(sessionId), room.admissionsPerMinute);
    if (!stored) return { state: 'NOT_JOINED', opensAt: room.opensAt };
    const status = queueStatus(stored.place, stored.room, room.tokenValidityMinutes, this.clock.now());
    const token = status.state === 'ADMITTED' ? await this.tokens.issue(eventShortName, sessionId, status.tokenExpiresAt) : null;
    return { ...status, opensAt: stored.room.opensAt, token };
  }

  private async roomOf(eventShortName: string): Promise<RoomSettings> {
    const room = await this.settings.of(eventShortName);
    if (!room) throw new NotFoundError('waiting room', eventShortName);
    return room;
  }
}
