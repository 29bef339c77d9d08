import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WrongExpectedRevisionError, type StreamAppend } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import { decideExpireReservation, reservationStreamId, type ReservationExpired } from '@ticketing/sales/domain';
import { ReservationLog, reservationAppend } from '../reservation/reservation-stream.js';
import { provenance, toAppend, type Provenance } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { HOLDS_TABLE } from '../read-models/holds/holds.projection.js';
import { RESERVATIONS_TABLE } from '../read-models/reservations/reservations.projection.js';
import { SALES_DB, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { WaitingListSetAside } from '../waiting-list/waiting-list-set-aside.js';
import { passUseReturned } from '../apply-code/pass-use-returned.js';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';

/** Resolves to how many reservations expired and how many holds were let go. */
export class ExpireReservationsCommand extends Command<{ expired: number; released: number }> {
  constructor(
    readonly limit = 500,
    /** Sweep as of this instant instead of the clock's now (tests and tools looking ahead). */
    readonly asOf: Date | null = null,
  ) {
    super();
  }
}

const ACTOR = 'system:reservation-expiry';

interface DueRow {
  readonly reservation_id: string;
  readonly short_name: string;
  /** The reservation stream's revision the row reflects. */
  readonly revision: number;
  readonly valid_until: Date;
  readonly applied_subscription: string | null;
}

/**
 * The deadline of every hold, kept: pending reservations past their validity (found by their rows, or, when only
 * their hold opened them, by the hold), and bank transfers past their payment deadline, expire (`ReservationExpired`;
 * a deferred transfer, DEFERRED_OFFLINE_PAYMENT, never does: its seats are sold)
 * and give their seats back in the same append; a hold whose reservation is no longer pending and whose
 * expiry has passed is released too, so nothing stays held past its expiry whatever happened in between.
 * Two processes may sweep at once: each append carries the reservation's revision, so one of them wins and
 * the other finds nothing left to do.
 */
@CommandHandler(ExpireReservationsCommand)
export class ExpireReservationsHandler implements ICommandHandler<ExpireReservationsCommand> {
  private readonly logger = new Logger('ReservationExpiry');

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_DB) private readonly db: Queryable,
    private readonly desk: InventoryDesk,
    private readonly waitingList: WaitingListSetAside,
    private readonly passes: SubscriptionPasses,
    private readonly reservations: ReservationLog,
  ) {}

  async execute({ limit, asOf }: ExpireReservationsCommand): Promise<{ expired: number; released: number }> {
    const now = asOf ?? this.options.clock.now();
    const due = await this.db.query<DueRow>(
      `select reservation_id, short_name, revision, valid_until, applied_subscription from ${RESERVATIONS_TABLE}
        where status in ('PENDING', 'OFFLINE_PAYMENT') and valid_until <= $1 order by valid_until limit $2`,
      [now, limit],
    );
    // reservations only their hold opened so far (no stream, no row yet): found by their holds past expiry
    const held = await this.db.query<{ reservation_id: string; short_name: string }>(
      `select h.reservation_id, h.short_name from ${HOLDS_TABLE} h
        where h.status = 'HELD' and h.expires_at <= $1
          and not exists (select 1 from ${RESERVATIONS_TABLE} r where r.reservation_id = h.reservation_id)
        order by h.expires_at limit $2`,
      [now, limit],
    );
    // the seats of an event with a waiting list are kept for it, not put back on sale (WaitingListSetAside)
    const setAside = await this.waitingList.forReleases([...due.rows, ...held.rows].map((row) => row.short_name), now);
    const expire = async (row: { reservation_id: string; short_name: string }, companion: (metadata: Provenance) => Promise<StreamAppend | null>, appliedSubscription: string | null) => {
      const metadata = provenance(this.options.ids.uuid(), ACTOR, now, row.reservation_id);
      const expired = await companion(metadata);
      if (!expired) return false;
      const release = { eventShortName: row.short_name, reservationId: row.reservation_id, reason: 'EXPIRED' as const, now, setAside: setAside.forRelease(row.short_name) };
      const passUse = await passUseReturned(this.passes, appliedSubscription, row.reservation_id, metadata);
      const { position } = await this.desk.release(release, metadata, [expired, ...passUse]);
      if (position !== null) await this.options.waitForProjections(position);
      return true;
    };
    const results = await Promise.allSettled([
      ...due.rows.map((row) => expire(row, async (metadata) => this.expiryOf(row, metadata), row.applied_subscription)),
      ...held.rows.map((row) => expire(row, (metadata) => this.heldExpiryOf(row.reservation_id, metadata, now), null)),
    ]);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const failure of failures) {
      // another process expired it, or the buyer acted just now: the next sweep sees the new state
      if (!(failure.reason instanceof WrongExpectedRevisionError)) this.logger.warn({ msg: 'expiring a reservation failed', error: String(failure.reason) });
    }
    const released = await this.releaseOrphanHolds(now, limit);
    return { expired: results.filter((r) => r.status === 'fulfilled' && r.value).length, released };
  }

  /** The reservation's ReservationExpired, at the revision its row reflects (a reservation changed meanwhile fails the append). */
  private expiryOf(row: DueRow, metadata: Provenance): StreamAppend {
    const expired: ReservationExpired = {
      type: 'ReservationExpired',
      data: { reservationId: row.reservation_id, eventShortName: row.short_name, validUntil: row.valid_until.toISOString() },
    };
    return { streamId: reservationStreamId(row.reservation_id), events: [toAppend(expired, metadata)], expectedRevision: row.revision };
  }

  /**
   * A reservation only its hold opened: read from the log, expired on what it says, its opening recorded first
   * (ReservationLog). Null when the hold opened none (seats set aside for a waiting list: an orphan, released below)
   * or it does not expire (yet).
   */
  private async heldExpiryOf(reservationId: string, metadata: Provenance, now: Date): Promise<StreamAppend | null> {
    const loaded = await this.reservations.load(reservationId);
    const events = decideExpireReservation(loaded.state, reservationId, now);
    return events.length === 0 ? null : reservationAppend(reservationId, loaded, events.map((e) => toAppend(e, metadata)));
  }

  /**
   * Holds past their expiry whose reservation awaits nothing (or does not exist, as for seats set aside for a
   * waiting list): nothing may keep them. These go back on sale, never to a waiting list again.
   */
  private async releaseOrphanHolds(now: Date, limit: number): Promise<number> {
    const orphans = await this.db.query<{ reservation_id: string; short_name: string }>(
      `select h.reservation_id, h.short_name from ${HOLDS_TABLE} h
         left join ${RESERVATIONS_TABLE} r on r.reservation_id = h.reservation_id
        where h.status = 'HELD' and h.expires_at <= $1 and (r.status is null or r.status not in ('PENDING', 'EXTERNAL_PROCESSING_PAYMENT', 'WAITING_EXTERNAL_CONFIRMATION', 'OFFLINE_PAYMENT', 'DEFERRED_OFFLINE_PAYMENT', 'FINALIZING', 'COMPLETE'))
        limit $2`,
      [now, limit],
    );
    // one failed release must not stop the others (the next sweep tries it again)
    await Promise.allSettled(
      orphans.rows.map(async (row) => {
        const metadata = provenance(this.options.ids.uuid(), ACTOR, now, row.reservation_id);
        const { position } = await this.desk.release({ eventShortName: row.short_name, reservationId: row.reservation_id, reason: 'EXPIRED', now }, metadata);
        if (position !== null) await this.options.waitForProjections(position);
      }),
    );
    return orphans.rowCount ?? 0;
  }
}
