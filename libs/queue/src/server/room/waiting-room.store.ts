import type { Db } from '@ticketing/postgres';
import type { PlaceInLine, RoomProgress } from '@ticketing/queue/domain';

export interface StoredPlace {
  readonly place: PlaceInLine;
  readonly room: RoomProgress;
}

interface JoinJob {
  readonly sessionDigest: string;
  readonly now: Date;
  readonly opensAt: Date;
  resolve(took: boolean): void;
  reject(error: unknown): void;
}

/** Most joins one insert carries. */
const MAX_JOIN_BATCH = 1_000;

/** Joins and the status read: one or two statements each, by primary key or index, never over the line. */
export class WaitingRoomStore {
  /** Rooms known to exist, so a join does not insert its room every time. */
  private readonly rooms = new Set<string>();
  /** Per room, the joins waiting for the insert in flight to finish: they go together in the next one. */
  private readonly joining = new Map<string, JoinJob[]>();

  constructor(private readonly db: Db) {}

  /**
   * Takes a place in line for the session, once: true when this call took it, false when the session was in line
   * already (nothing changes). Answered once the insert committed. Joins that arrive while a room's insert is in
   * flight go together in its next one (one multi-row insert, in the order this process received them, each answered
   * from what it returned): under a rush one statement and one commit serve hundreds of joins, and a lone join
   * waits for nothing. The room's own insert only on its first join in this process.
   */
  join(eventShortName: string, sessionDigest: string, opensAt: Date, now: Date): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const waiting = this.joining.get(eventShortName);
      const job = { sessionDigest, now, opensAt, resolve, reject };
      if (waiting) {
        waiting.push(job);
        return;
      }
      this.joining.set(eventShortName, [job]);
      void this.drain(eventShortName);
    });
  }

  /** Inserts the room's waiting joins, a batch at a time, until none waits; the map's entry marks an insert in flight. */
  private async drain(eventShortName: string): Promise<void> {
    const waiting = this.joining.get(eventShortName)!;
    // the joins of requests read in the same turn of the event loop as the first go with it
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_JOIN_BATCH);
      try {
        const took = await this.insert(eventShortName, batch);
        for (const job of batch) job.resolve(took.has(job));
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    this.joining.delete(eventShortName);
  }

  /** One statement (the room's first, in this process): the jobs that took a place. */
  private async insert(eventShortName: string, batch: readonly JoinJob[]): Promise<Set<JoinJob>> {
    if (!this.rooms.has(eventShortName)) {
      await this.db.query('insert into queue_rooms (event_short_name, opens_at) values ($1, $2) on conflict (event_short_name) do nothing', [eventShortName, batch[0]!.opensAt]);
      this.rooms.add(eventShortName);
    }
    // a session twice in one batch (two tabs at once): the first takes the place, the second finds it taken
    const first = new Map<string, JoinJob>();
    for (const job of batch) if (!first.has(job.sessionDigest)) first.set(job.sessionDigest, job);
    const jobs = [...first.values()];
    const { rows } = await this.db.query<{ session_digest: string }>(
      `insert into queue_tickets (event_short_name, session_digest, joined_at, before_opening)
       select $1, j.session_digest, j.joined_at, j.before_opening
         from unnest($2::text[], $3::timestamptz[], $4::boolean[]) with ordinality as j(session_digest, joined_at, before_opening, n)
        order by j.n
       on conflict (event_short_name, session_digest) do nothing
       returning session_digest`,
      [eventShortName, jobs.map((j) => j.sessionDigest), jobs.map((j) => j.now), jobs.map((j) => j.now < j.opensAt)],
    );
    return new Set(rows.map((r) => first.get(r.session_digest)!));
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
