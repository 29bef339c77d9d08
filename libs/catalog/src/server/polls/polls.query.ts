import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '@ticketing/postgres';
import { CatalogPolls, type EventPolls, type Poll } from '@ticketing/catalog/contracts';
import { tables } from '../shared/catalog-tables.js';
import { CATALOG_DB } from '../read-tokens.js';

/** A positive 31-bit number from a text: the first four bytes of its sha256, top bit dropped (an int of any client). */
export function numericIdOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) >>> 1;
}

/** The polls read model (catalog_polls, kept by the polls projection) as the catalog's CatalogPolls. */
@Injectable()
export class PollsReadModel implements CatalogPolls {
  constructor(@Inject(CATALOG_DB) private readonly db: Db) {}

  async pollsOf(eventShortName: string): Promise<EventPolls | null> {
    const { rows } = await this.db.query<{ organizer_slug: string; details: Poll | null }>(
      `select e.organizer_slug, p.details
         from ${tables.events} e
         left join ${tables.polls} p on p.short_name = e.short_name and not p.removed
        where e.short_name = $1 and e.status <> 'DISABLED'
        order by p.poll_order, p.poll_id`,
      [eventShortName],
    );
    const first = rows[0];
    if (!first) return null;
    return {
      eventId: numericIdOf(`event:${eventShortName}`),
      organizationId: numericIdOf(`organizer:${first.organizer_slug}`),
      polls: rows.flatMap((r) => (r.details ? [r.details] : [])),
    };
  }
}
