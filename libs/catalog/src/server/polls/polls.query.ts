import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '@ticketing/postgres';
import { CatalogPolls, type EventPolls, type Poll } from '@ticketing/catalog/contracts';
import { tables } from '../shared/catalog-tables.js';
import { CATALOG_DB } from '../read-tokens.js';

/**
 * A positive 31-bit number from a text: the first four bytes of its sha256, top bit dropped (an int of any client).
 * Events have no integer id here (their short name is the key): a poll's `eventId` is this of the short name.
 */
export function numericIdOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) >>> 1;
}

/** The polls read model (catalog_polls, kept by the polls projection) as the catalog's CatalogPolls. */
@Injectable()
export class PollsReadModel implements CatalogPolls {
  constructor(@Inject(CATALOG_DB) private readonly db: Db) {}

  async pollsOf(eventShortName: string): Promise<EventPolls | null> {
    // the organizer's integer id is the one the lists filter by (`organizer`, reference 7 and 40)
    const { rows } = await this.db.query<{ organizer_slug: string; organizer_id: string | null; details: Poll | null }>(
      `select e.organizer_slug, o.id as organizer_id, p.details
         from ${tables.events} e
         left join ${tables.organizers} o on o.slug = e.organizer_slug
         left join ${tables.polls} p on p.short_name = e.short_name and not p.removed
        where e.short_name = $1 and e.status <> 'DISABLED'
        order by p.poll_order, p.poll_id`,
      [eventShortName],
    );
    const first = rows[0];
    if (!first) return null;
    return {
      eventId: numericIdOf(`event:${eventShortName}`),
      organizationId: first.organizer_id === null ? numericIdOf(`organizer:${first.organizer_slug}`) : Number(first.organizer_id),
      polls: rows.flatMap((r) => (r.details ? [r.details] : [])),
    };
  }
}
