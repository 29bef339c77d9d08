import type { Db } from '@ticketing/postgres';
import type { PlaceInLine, RoomProgress } from '@ticketing/queue/domain';
import { RoomBatches } from './room-batches.js';

export interface StoredPlace {
  readonly place: PlaceInLine;
  readonly room: RoomProgress;
}

interface JoinInput {
  readonly sessionDigest: string;
  readonly now: Date;
  readonly opensAt: Date;
}

interface TicketRow {
  readonly position: number | null;
  readonly before_opening: boolean;
}

/**
 * What every status call of a room needs besides the buyer's own place, kept in memory per process: the room's
 * opening, how far it is admitted, and when each range of places was admitted (one row per admission step).
 */
interface RoomSnapshot {
  readonly opensAt: Date;
  readonly admittedThrough: number;
  /** Ascending by `to`: the admission of place p is the first with to >= p. */
  readonly admissions: readonly { readonly to: number; readonly at: Date }[];
  /** performance.now() when it was read. */
  readonly readAt: number;
}

/**
 * How old a room's snapshot may be when a status call uses it (ms): another process's admission step shows here within
 * this time; this process's own steps show at once (roomMoved).
 */
const SNAPSHOT_MAX_AGE_MS = 200;

/**
 * Joins and the status read. Both are batched per room (RoomBatches): one multi-row insert serves the joins that
 * came together, one indexed read by session digest the status calls; the room's progress comes from a snapshot
 * in memory, read again when older than SNAPSHOT_MAX_AGE_MS. Never a statement over the line.
 */
export class WaitingRoomStore {
  /** Rooms known to exist, so a join does not insert its room every time. */
  private readonly rooms = new Set<string>();
  private readonly joins = new RoomBatches<JoinInput, boolean>((room, inputs) => this.insert(room, inputs));
  private readonly reads = new RoomBatches<string, TicketRow | null>((room, digests) => this.read(room, digests));
  private readonly snapshots = new Map<string, RoomSnapshot>();
  private readonly loading = new Map<string, Promise<RoomSnapshot | null>>();
  /** Per room, how many times this process stepped it: a read that began before a step does not count as after it. */
  private readonly moves = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /**
   * Takes a place in line for the session, once: true when this call took it, false when the session was in line
   * already (nothing changes). Answered once the insert committed; joins that come together share it, in the order
   * this process received them (their arrival order).
   */
  join(eventShortName: string, sessionDigest: string, opensAt: Date, now: Date): Promise<boolean> {
    return this.joins.submit(eventShortName, { sessionDigest, now, opensAt });
  }

  /** One statement (and the room's own, its first time in this process); true for each input that took a place. */
  private async insert(eventShortName: string, inputs: readonly JoinInput[]): Promise<boolean[]> {
    if (!this.rooms.has(eventShortName)) {
      await this.db.query('insert into queue_rooms (event_short_name, opens_at) values ($1, $2) on conflict (event_short_name) do nothing', [eventShortName, inputs[0]!.opensAt]);
      this.rooms.add(eventShortName);
    }
    // a session twice in one batch (two tabs at once): the first takes the place, the second finds it taken
    const first = new Map<string, JoinInput>();
    for (const input of inputs) if (!first.has(input.sessionDigest)) first.set(input.sessionDigest, input);
    const unique = [...first.values()];
    const early = unique.map((j) => j.now < j.opensAt);
    const lock = early.some(Boolean);
    // A join that began before the opening is in the draw only if the draw has not run: decided against the room's
    // row under a share lock, which the draw's step holds for update (a join stored after it is a later arrival, and
    // one stored before it is seen by it), so replaying the seed on the `before_opening` rows gives the drawn places.
    // Joins after the opening take no lock: they never wait for a step.
    const { rows } = await this.db.query<{ session_digest: string }>(
      `insert into queue_tickets (event_short_name, session_digest, joined_at, before_opening)
       select $1, j.session_digest, j.joined_at, ${lock ? 'j.before_opening and r.drawn_at is null' : 'j.before_opening'}
         from unnest($2::text[], $3::timestamptz[], $4::boolean[]) with ordinality as j(session_digest, joined_at, before_opening, n)
         ${lock ? 'left join (select drawn_at from queue_rooms where event_short_name = $1 for share) r on true' : ''}
        order by j.n
       on conflict (event_short_name, session_digest) where left_at is null do nothing
       returning session_digest`,
      [eventShortName, unique.map((j) => j.sessionDigest), unique.map((j) => j.now), early],
    );
    const took = new Set(rows.map((r) => first.get(r.session_digest)));
    return inputs.map((input) => took.has(input));
  }

  /**
   * Leaves the place `position` (a buyer whose admission lapsed, to join again at the end): its row stays, marked with
   * the time, so who held each admitted place and who joined before the draw stay on record. Only that place: another
   * tab's join that already replaced it is not left.
   */
  async leave(eventShortName: string, sessionDigest: string, position: number, now: Date): Promise<void> {
    await this.db.query('update queue_tickets set left_at = $4 where event_short_name = $1 and session_digest = $2 and position = $3 and left_at is null', [
      eventShortName,
      sessionDigest,
      position,
      now,
    ]);
  }

  /**
   * The session's place (read now) and the room's progress (from the snapshot: at most SNAPSHOT_MAX_AGE_MS old, so an
   * admission shows that much later at worst, never before it committed); null when the session has not joined.
   */
  async place(eventShortName: string, sessionDigest: string, admissionsPerMinute: number): Promise<StoredPlace | null> {
    const row = await this.reads.submit(eventShortName, sessionDigest);
    if (!row) return null;
    // a place implies its room: a snapshot older than the room's first join is read again
    const room = (await this.snapshot(eventShortName)) ?? (await this.snapshot(eventShortName, true));
    if (!room) return null;
    let admittedAt: Date | null = null;
    if (row.position !== null && row.position <= room.admittedThrough) admittedAt = admissionOf(room.admissions, row.position);
    return {
      place: { position: row.position, joinedBeforeOpening: row.before_opening, admittedAt },
      room: { opensAt: room.opensAt, admissionsPerMinute, admittedThrough: room.admittedThrough },
    };
  }

  /** This process stepped the room: the next status call reads its progress again. */
  roomMoved(eventShortName: string): void {
    this.moves.set(eventShortName, (this.moves.get(eventShortName) ?? 0) + 1);
    this.loading.delete(eventShortName);
    const known = this.snapshots.get(eventShortName);
    if (known) this.snapshots.set(eventShortName, { ...known, readAt: -Infinity });
  }

  /** One indexed read (the places in line, unique per session) for a batch of status calls: each session's row, null when not in line. */
  private async read(eventShortName: string, digests: readonly string[]): Promise<(TicketRow | null)[]> {
    const { rows } = await this.db.query<TicketRow & { session_digest: string }>(
      'select session_digest, position, before_opening from queue_tickets where event_short_name = $1 and session_digest = any($2::text[]) and left_at is null',
      [eventShortName, [...new Set(digests)]],
    );
    const byDigest = new Map(rows.map((r) => [r.session_digest, r]));
    return digests.map((d) => byDigest.get(d) ?? null);
  }

  /** The room's snapshot, read again when older than SNAPSHOT_MAX_AGE_MS (or `fresh`); one read at a time per room. */
  private async snapshot(eventShortName: string, fresh = false): Promise<RoomSnapshot | null> {
    const known = this.snapshots.get(eventShortName);
    if (known && !fresh && performance.now() - known.readAt < SNAPSHOT_MAX_AGE_MS) return known;
    let load = this.loading.get(eventShortName);
    if (!load) {
      const started = this.load(eventShortName, known).finally(() => {
        if (this.loading.get(eventShortName) === started) this.loading.delete(eventShortName);
      });
      load = started;
      this.loading.set(eventShortName, load);
    }
    return load;
  }

  /**
   * The room's row and the admissions after those already known, in one statement (one snapshot of the database: the
   * admission step writes both in one transaction, so every admitted place has its admission).
   */
  private async load(eventShortName: string, known: RoomSnapshot | undefined): Promise<RoomSnapshot | null> {
    const readAt = performance.now();
    const moves = this.moves.get(eventShortName) ?? 0;
    const knownThrough = known?.admissions.at(-1)?.to ?? 0;
    const { rows } = await this.db.query<{ opens_at: Date; admitted_through: number; to_position: number | null; admitted_at: Date | null }>(
      `select r.opens_at, r.admitted_through, a.to_position, a.admitted_at
         from queue_rooms r left join queue_admissions a on a.event_short_name = r.event_short_name and a.to_position > $2
        where r.event_short_name = $1 order by a.to_position`,
      [eventShortName, knownThrough],
    );
    if (rows.length === 0) return null;
    const added = rows.filter((r) => r.to_position !== null).map((r) => ({ to: r.to_position!, at: r.admitted_at! }));
    const snapshot = { opensAt: rows[0]!.opens_at, admittedThrough: rows[0]!.admitted_through, admissions: [...(known?.admissions ?? []), ...added], readAt };
    // a slower read that started earlier never replaces a newer one, nor one that began before this process's last step
    const current = this.snapshots.get(eventShortName);
    if ((!current || current.readAt <= readAt) && moves === (this.moves.get(eventShortName) ?? 0)) this.snapshots.set(eventShortName, snapshot);
    return snapshot;
  }
}

/** When the admission covering `position` happened: the first range ending at or after it (binary search). */
function admissionOf(admissions: RoomSnapshot['admissions'], position: number): Date | null {
  let low = 0;
  let high = admissions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (admissions[middle]!.to < position) low = middle + 1;
    else high = middle;
  }
  return admissions[low]?.at ?? null;
}
