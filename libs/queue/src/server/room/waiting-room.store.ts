import type { Db } from '@ticketing/postgres';
import type { PlaceInLine, RoomProgress } from '@ticketing/queue/domain';

export interface StoredPlace {
  readonly place: PlaceInLine;
  readonly room: RoomProgress;
}

/** Joins and the status read: one or two statements each, by primary key or index, never over the line. */
export class WaitingRoomStore {
  /** Rooms known to exist, so a join does not insert its room every time. */
  private readonly rooms = new Set<string>();

  constructor(private readonly db: Db) {}

  /**
   * Takes a place in line for the session, once: true when this call took it, false when the session was in line
   * already (nothing changes). One statement, the room's own only on its first join in this process.
   */
  async join(eventShortName: string, sessionDigest: string, opensAt: Date, now: Date): Promise<boolean> {
    if (!this.rooms.has(eventShortName)) {
      await this.db.query('insert into queue_rooms (event_short_name, opens_at) values ($1, $2) on conflict (event_short_name) do nothing', [eventShortName, opensAt]);
      this.rooms.add(eventShortName);
    }
    const inserted = await this.db.query(
      `insert into queue_tickets (event_short_name, session_digest, joined_at, before_opening) values ($1, $2, $3, $4)
       on conflict (event_short_name, session_digest) do nothing`,
      [eventShortName, sessionDigest, now, now < opensAt],
    );
    return inserted.rowCount === 1;
  }

  /** Leaves the line (a buyer whose admission expired joins again at its end). */
  async leave(eventShortName: string, sessionDigest: string): Promise<void> {
    await this.db.query('delete from queue_tickets where event_short_name = $1 and session_digest = $2', [eventShortName, sessionDigest]);
  }

  /** The session's place and the room's progress; null when the session has not joined. */
  async place(eventShortName: string, sessionDigest: string, admissionsPerMinute: number): Promise<StoredPlace | null> {
    const { rows } = await this.db.query<{ position: number | null; before_opening: boolean; admitted_through: number; opens_at: Date; admitted_at: Date | null }>(
      `select t.position, t.before_opening, r.admitted_through, r.opens_at,
              case when t.position <= r.admitted_through then
                (select a.admitted_at from queue_admissions a
                  where a.event_short_name = t.event_short_name and a.to_position >= t.position order by a.to_position limit 1)
              end as admitted_at
         from queue_tickets t join queue_rooms r on r.event_short_name = t.event_short_name
        where t.event_short_name = $1 and t.session_digest = $2`,
      [eventShortName, sessionDigest],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      place: { position: row.position, joinedBeforeOpening: row.before_opening, admittedAt: row.admitted_at },
      room: { opensAt: row.opens_at, admissionsPerMinute, admittedThrough: row.admitted_through },
    };
  }
}
