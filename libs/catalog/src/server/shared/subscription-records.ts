import type { Queryable } from '@ticketing/postgres';
import type { Organizer, SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { tables } from './catalog-tables.js';
import type { OrganizerFilter } from './search-options.schema.js';
import type { LangMap } from './views/common.views.js';

export interface DescriptorRecord {
  readonly descriptor: SubscriptionDescriptor;
  readonly descriptionHtml: LangMap;
  readonly organizer: Organizer | null;
}

interface Row {
  details: SubscriptionDescriptor;
  description_html: LangMap;
  organizer: Organizer | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toRecord = (r: Row): DescriptorRecord => ({ descriptor: r.details, descriptionHtml: r.description_html, organizer: r.organizer });

/** Public descriptors on sale at `now`, optionally of one organizer (by id, slug or both), by start of sale. */
export async function listDescriptorsOnSale(db: Queryable, now: Date, { organizer, organizerSlug }: OrganizerFilter): Promise<DescriptorRecord[]> {
  const { rows } = await db.query<Row>(
    `select d.details, d.description_html, null::jsonb as organizer from ${tables.descriptors} d
      where d.is_public and (d.sale_start_at is null or d.sale_start_at <= $1) and (d.sale_end_at is null or d.sale_end_at > $1)
        and ($2::bigint is null or exists (select 1 from ${tables.organizers} o where o.id = $2 and o.slug = d.organizer_slug))
        and ($3::text is null or d.organizer_slug = $3)
      order by d.sale_start_at nulls first, d.id`,
    [now, organizer ?? null, organizerSlug ?? null],
  );
  return rows.map(toRecord);
}

/** One descriptor by id (public or not: a link reaches it), or null. */
export async function findDescriptor(db: Queryable, id: string): Promise<DescriptorRecord | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.query<Row>(
    `select d.details, d.description_html, o.details as organizer
       from ${tables.descriptors} d left join ${tables.organizers} o on o.slug = d.organizer_slug
      where d.id = $1`,
    [id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}
