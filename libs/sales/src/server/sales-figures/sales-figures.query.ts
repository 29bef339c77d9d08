import { LOG_HEAD, TablesVersions, VersionedCache } from '@ticketing/projections';
import { type EventSalesFigures, type SalesFigures } from '@ticketing/sales/contracts';
import { PASS_LINE, subscriptionInventoryKey } from '@ticketing/sales/domain';
import type { Queryable } from '@ticketing/postgres';
import { HOLDS_TABLE, holdsProjection } from '../read-models/holds/holds.projection.js';

// the log's head too: the inventory's appends write the holds themselves, before the checkpoint moves
const HOLDS_READ_MODEL = [holdsProjection.name, LOG_HEAD];

interface FigureRow {
  kind: 'category' | 'pending' | 'service' | 'code';
  key: string;
  taken: number;
}

/**
 * Seats taken (held or sold), items sold and code uses per event, for the catalog's availability, from the
 * holds read model: one indexed aggregate over the event's standing holds, kept until the holds table
 * changes (its checkpoint is the version, read once for all requests that arrive together, in the same
 * statement as the catalog's).
 */
export class HoldsSalesFigures implements SalesFigures {
  private readonly cache = new VersionedCache<EventSalesFigures>();
  private readonly versions: TablesVersions;

  constructor(private readonly db: Queryable) {
    this.versions = TablesVersions.of(db);
  }

  async forEvent(shortName: string): Promise<EventSalesFigures> {
    return this.cache.get(shortName, await this.versions.version(HOLDS_READ_MODEL), () => this.load(shortName));
  }

  private async load(shortName: string): Promise<EventSalesFigures> {
    const { rows } = await this.db.query<FigureRow>({
      name: 'sales-figures-for-event',
      text: `with standing as (select status, tickets, services, code, code_uses from ${HOLDS_TABLE} where short_name = $1 and status in ('HELD', 'SOLD'))
        select 'category' as kind, line->>'categoryId' as key, sum((line->>'quantity')::int)::int as taken
          from standing, jsonb_array_elements(tickets) line group by 2
        union all
        select 'pending', line->>'categoryId', 0 from standing, jsonb_array_elements(tickets) line where status = 'HELD' group by 2
        union all
        select 'service', line->>'serviceId', sum((line->>'quantity')::int)::int from standing, jsonb_array_elements(services) line group by 2
        union all
        select 'code', code, sum(code_uses)::int from standing where code is not null group by 2`,
      values: [shortName],
    });
    const takenByCategory = new Map<number, number>();
    const soldByService = new Map<number, number>();
    const codeUsages = new Map<string, number>();
    const pendingCategoryIds = new Set<number>();
    for (const row of rows) {
      if (row.kind === 'category') takenByCategory.set(Number(row.key), row.taken);
      else if (row.kind === 'pending') pendingCategoryIds.add(Number(row.key));
      else if (row.kind === 'service') soldByService.set(Number(row.key), row.taken);
      else codeUsages.set(row.key, row.taken);
    }
    // pending: held by a reservation not yet paid (containsPendingTickets); sold seats are taken, not pending
    return { takenByCategory, pendingCategoryIds, codeUsages, soldByService };
  }

  /** Passes of the descriptor held or sold: its inventory counts them as one line (see subscriptionInventoryKey). */
  async subscriptionsSold(descriptorId: string): Promise<number> {
    return (await this.forEvent(subscriptionInventoryKey(descriptorId))).takenByCategory.get(PASS_LINE) ?? 0;
  }
}
