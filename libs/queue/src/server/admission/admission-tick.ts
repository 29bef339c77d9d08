import { inTransaction, type Db, type DbClient } from '@ticketing/postgres';
import { drawOrder, paceAdmissions } from '@ticketing/queue/domain';

export interface TickSettings {
  readonly opensAt: Date;
  readonly admissionsPerMinute: number;
}

export interface TickOutcome {
  /** False when another process held the room this tick (it did the work). */
  readonly ran: boolean;
  readonly drawn: number;
  readonly placed: number;
  readonly admitted: number;
}

/** Later arrivals placed per tick at most: one statement stays short however many arrive at once. */
const PLACE_BATCH = 20_000;

interface RoomRow {
  opens_at: Date;
  drawn_at: Date | null;
  placed_through: number;
  admitted_through: number;
  last_tick_at: Date | null;
  carry: number;
}

/**
 * One step of one room, in one transaction under the room's advisory lock (another process that tries at the same
 * time skips the room this tick instead of waiting): at the opening, the draw among the pre-opening arrivals (seed
 * recorded); then later arrivals placed behind them in arrival order; then the admissions the pace allows, recorded
 * as a range of places with their time. The pace state (last tick, carried fraction) lives in the row, so two
 * processes ticking in turn admit at the configured rate, not twice it; the admission's conditional update is a
 * second guard against a double admission.
 */
export async function tickRoom(db: Db, eventShortName: string, settings: TickSettings, now: Date, newSeed: () => string): Promise<TickOutcome> {
  return inTransaction(db, async (client) => {
    const { rows: locked } = await client.query<{ locked: boolean }>("select pg_try_advisory_xact_lock(hashtext('queue-room'), hashtext($1)) as locked", [eventShortName]);
    if (!locked[0]?.locked) return { ran: false, drawn: 0, placed: 0, admitted: 0 };
    const { rows } = await client.query<RoomRow>(
      'select opens_at, drawn_at, placed_through, admitted_through, last_tick_at, carry from queue_rooms where event_short_name = $1 for update',
      [eventShortName],
    );
    const room = rows[0];
    if (!room) return { ran: true, drawn: 0, placed: 0, admitted: 0 };
    let drawn = 0;
    let placed = 0;
    let placedThrough = room.placed_through;
    if (room.drawn_at === null) {
      if (now < settings.opensAt) {
        // the organizer may move the opening until the draw: the room follows the catalog
        if (room.opens_at.getTime() !== settings.opensAt.getTime()) await client.query('update queue_rooms set opens_at = $2 where event_short_name = $1', [eventShortName, settings.opensAt]);
        return { ran: true, drawn: 0, placed: 0, admitted: 0 };
      }
      drawn = await draw(client, eventShortName, settings.opensAt, now, newSeed());
      placedThrough = drawn;
    } else {
      placed = await placeLaterArrivals(client, eventShortName, placedThrough);
      placedThrough += placed;
    }
    const decision = paceAdmissions(
      { lastTickAt: room.last_tick_at, carry: room.carry },
      { now, opensAt: settings.opensAt, admissionsPerMinute: settings.admissionsPerMinute, waiting: placedThrough - room.admitted_through },
    );
    const admittedThrough = room.admitted_through + decision.admit;
    const updated = await client.query(
      `update queue_rooms set placed_through = $2, admitted_through = $3, last_tick_at = $4, carry = $5
        where event_short_name = $1 and admitted_through = $6`,
      [eventShortName, placedThrough, admittedThrough, decision.pace.lastTickAt, decision.pace.carry, room.admitted_through],
    );
    if (updated.rowCount !== 1) throw new Error(`waiting room ${eventShortName} moved under its lock`);
    if (decision.admit > 0) {
      await client.query('insert into queue_admissions (event_short_name, from_position, to_position, admitted_at) values ($1, $2, $3, $4)', [
        eventShortName,
        room.admitted_through + 1,
        admittedThrough,
        now,
      ]);
    }
    return { ran: true, drawn, placed, admitted: decision.admit };
  });
}

/** The pre-opening arrivals, in arrival order, shuffled by the recorded seed: their places 1..n. */
async function draw(client: DbClient, eventShortName: string, opensAt: Date, now: Date, seed: string): Promise<number> {
  const { rows } = await client.query<{ session_digest: string }>(
    'select session_digest from queue_tickets where event_short_name = $1 and before_opening and position is null order by arrival',
    [eventShortName],
  );
  const order = drawOrder(
    rows.map((r) => r.session_digest),
    seed,
  );
  if (order.length > 0) {
    await client.query(
      `update queue_tickets t set position = o.position
         from unnest($2::text[]) with ordinality as o(session_digest, position)
        where t.event_short_name = $1 and t.session_digest = o.session_digest and t.position is null`,
      [eventShortName, order],
    );
  }
  await client.query('update queue_rooms set drawn_at = $2, draw_seed = $3, drawn_count = $4, opens_at = $5 where event_short_name = $1', [eventShortName, now, seed, order.length, opensAt]);
  return order.length;
}

/** Everyone without a place yet (later arrivals, and a pre-opening join that committed after the draw) in arrival order. */
async function placeLaterArrivals(client: DbClient, eventShortName: string, placedThrough: number): Promise<number> {
  const result = await client.query(
    `with next as (
       select arrival, row_number() over (order by arrival) as rank
         from queue_tickets where event_short_name = $1 and position is null order by arrival limit $3
     )
     update queue_tickets t set position = $2 + next.rank
       from next where t.event_short_name = $1 and t.arrival = next.arrival`,
    [eventShortName, placedThrough, PLACE_BATCH],
  );
  return result.rowCount ?? 0;
}
