import { Inject, Injectable } from '@nestjs/common';
import type { Queryable } from '@ticketing/postgres';
import type { SetAsideForWaitingList } from '@ticketing/sales/domain';
import { SALES_DB, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { Mailer } from '@ticketing/mail';
import { WAITING_LIST_TABLE } from '../read-models/waiting-list/waiting-list.projection.js';

/** Seats one release may set aside, whatever the list's length: a reservation holds a handful of tickets. */
const MOST_SEATS_PER_RELEASE = 50;
/** The shortest time a set-aside seat waits for the list's offer, which runs after every sweep. */
const SHORTEST_SET_ASIDE_MS = 2 * 60_000;

/**
 * What a release of seats keeps for the waiting lists (decideRelease with SetAsideForWaitingList): as many
 * seats as subscribers wait for the event, until the offer that follows the next sweep hands them over. Seats
 * set aside expire after a few sweeps (at least 2 minutes), so a list whose offers stall (a process gone)
 * keeps nothing from sale for long. Nothing is set aside while offers are off (no mail to tell anyone).
 */
@Injectable()
export class WaitingListSetAside {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_DB) private readonly db: Queryable,
    private readonly mailer: Mailer,
  ) {}

  /**
   * For each of `eventShortNames` with subscribers waiting, what a release set aside now: call `forRelease` of
   * the answer once per release (each gets hold ids of its own).
   */
  async forReleases(eventShortNames: readonly string[], now: Date): Promise<{ forRelease(eventShortName: string): SetAsideForWaitingList | undefined }> {
    const names = [...new Set(eventShortNames)];
    if (!this.mailer.enabled || names.length === 0) return { forRelease: () => undefined };
    const { rows } = await this.db.query<{ short_name: string; waiting: number }>(
      `select short_name, count(*)::int as waiting from ${WAITING_LIST_TABLE} where status = 'WAITING' and short_name = any($1) group by short_name`,
      [names],
    );
    const expiresAt = new Date(now.getTime() + Math.max(SHORTEST_SET_ASIDE_MS, 4 * this.options.sweepIntervalMs)).toISOString();
    const waiting = new Map(rows.map((row) => [row.short_name, row.waiting]));
    return {
      forRelease: (eventShortName) => {
        const count = waiting.get(eventShortName);
        if (count === undefined) return undefined;
        const holdIds = Array.from({ length: Math.min(count, MOST_SEATS_PER_RELEASE) }, () => this.options.ids.uuid());
        return { waiting: count, holdIds, expiresAt };
      },
    };
  }
}
