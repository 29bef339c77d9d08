import type { Queryable } from '@ticketing/postgres';
import { supportedLanguages } from '@ticketing/i18n';
import type { EventDetails } from '@ticketing/catalog/contracts';
import { formattedEventDates } from '@ticketing/formatting';
import { zonedInstant } from '@ticketing/kernel';
import { tables } from '../shared/catalog-tables.js';
import type { OrganizerFilter } from '../shared/search-options.schema.js';
import { languagesOf } from '../shared/view-helpers.js';
import type { BasicEventInfo } from '../shared/views/event.views.js';

export interface EventSearch extends OrganizerFilter {
  /** Events a subscription descriptor can be used for. */
  readonly subscription?: string | null;
  /** When `subscription` is an issued pass: the events it can be used for (then no descriptor has that id). */
  readonly passEvents?: readonly string[] | null;
  /** Events with at least one of these tags. */
  readonly tags?: readonly string[];
}

/** Public events that have not ended yet, by start then end (reference 3.2, GET /events). */
export async function listEvents(db: Queryable, search: EventSearch, now: Date): Promise<BasicEventInfo[]> {
  const { rows } = await db.query<{ details: EventDetails }>(
    `select e.details from ${tables.events} e
      where e.status = 'PUBLIC' and e.end_at > $1
        and ($2::bigint is null or exists (select 1 from ${tables.organizers} o where o.id = $2 and o.slug = e.organizer_slug))
        and ($3::text is null or e.organizer_slug = $3)
        and (cardinality($4::text[]) = 0 or e.tags && $4::text[])
        and ($5::uuid is null
             or exists (select 1 from ${tables.descriptorEvents} s where s.descriptor_id = $5 and s.event_short_name = e.short_name)
             or e.short_name = any($6::text[]))
      order by e.start_at, e.end_at, e.short_name`,
    [now, search.organizer ?? null, search.organizerSlug ?? null, search.tags ?? [], uuidOrNull(search.subscription), search.passEvents ?? []],
  );
  return rows.map((r) => basicEventInfo(r.details));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** alf.io ignores a subscription id that is not a UUID rather than failing the list. */
function uuidOrNull(id: string | null | undefined): string | null {
  return id && UUID.test(id) ? id : null;
}

/** Dates are formatted in every storefront language: a list mixes events of different content languages. */
export function basicEventInfo(e: EventDetails): BasicEventInfo {
  return {
    shortName: e.shortName,
    fileBlobId: e.imageFileId,
    title: { ...e.title },
    format: e.format,
    location: e.location,
    ...formattedEventDates(zonedInstant(e.start, e.timeZone), zonedInstant(e.end, e.timeZone), e.timeZone, supportedLanguages),
    contentLanguages: languagesOf(e.contentLanguages),
  };
}
