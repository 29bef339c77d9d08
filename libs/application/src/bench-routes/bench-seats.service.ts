import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@ticketing/kernel';
import { inTransaction, type Db } from '@ticketing/postgres';
import { DB } from '../platform/tokens.js';

export const NOT_ENOUGH_TICKETS = 'error.STEP_1_NOT_ENOUGH_TICKETS';

/**
 * The baseline the reservation benchmark compares with: seats held the way alf.io holds them (one row per
 * seat, claimed with `FOR UPDATE SKIP LOCKED` in one transaction). Only mounted with BENCH_ROUTES=1.
 */
@Injectable()
export class BenchSeats {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Drops and recreates `bench_seats` with `seats` free rows. */
  async setup(seats: number): Promise<number> {
    await inTransaction(this.db, async (client) => {
      await client.query('drop table if exists bench_seats');
      await client.query('create table bench_seats (id serial primary key, reservation_id uuid null, held_until timestamptz null)');
      await client.query('insert into bench_seats (reservation_id, held_until) select null, null from generate_series(1, $1::int)', [seats]);
    });
    return seats;
  }

  /** Holds `quantity` free seats for 25 minutes under a new id, or none at all (rolled back, NOT_ENOUGH_TICKETS). */
  async hold(quantity: number): Promise<string> {
    return inTransaction(this.db, async (client) => {
      const free = await client.query<{ id: number }>(
        'select id from bench_seats where reservation_id is null order by id limit $1 for update skip locked',
        [quantity],
      );
      if (free.rows.length < quantity) throw new DomainError(NOT_ENOUGH_TICKETS, 'reservationForm');
      const reservationId = randomUUID();
      await client.query("update bench_seats set reservation_id = $1, held_until = now() + interval '25 minutes' where id = any($2::int[])", [
        reservationId,
        free.rows.map((r) => r.id),
      ]);
      return reservationId;
    });
  }
}
