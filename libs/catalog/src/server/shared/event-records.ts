import type { Queryable } from '@ticketing/postgres';
import type { AdditionalService, AttendeeField, Capacity, EventDetails, Organizer, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';
import type { LangMap } from './views/common.views.js';
import { tables } from './catalog-tables.js';

/** An event as the read tables hold it, with its organizer and the facts the event page derives from other tables. */
export interface EventRecord {
  readonly details: EventDetails;
  readonly descriptionHtml: LangMap;
  readonly totalSeats: number | null;
  /** Null only while the organizer's projection has not caught up with the event's. */
  readonly organizer: Organizer | null;
  readonly hasRestrictedCategories: boolean;
  readonly hasPromoCodes: boolean;
  readonly hasPaidCategories: boolean;
  readonly linkedToSubscription: boolean;
}

interface EventRow {
  details: EventDetails;
  description_html: LangMap;
  total_seats: number | null;
  organizer: Organizer | null;
  has_restricted: boolean;
  has_codes: boolean;
  has_paid: boolean;
  linked: boolean;
}

/** The event by shortName, or null when unknown or DISABLED (a DRAFT is served, as a preview). One round trip. */
export async function findEvent(db: Queryable, shortName: string): Promise<EventRecord | null> {
  const { rows } = await db.query<EventRow>(
    `select e.details, e.description_html, e.total_seats, o.details as organizer,
            exists (select 1 from ${tables.categories} c where c.short_name = e.short_name and not c.removed and c.access_restricted) as has_restricted,
            exists (select 1 from ${tables.promoCodes} p where p.short_name = e.short_name and not p.removed) as has_codes,
            exists (select 1 from ${tables.categories} c where c.short_name = e.short_name and not c.removed and c.price > 0) as has_paid,
            exists (select 1 from ${tables.descriptorEvents} s where s.event_short_name = e.short_name) as linked
       from ${tables.events} e left join ${tables.organizers} o on o.slug = e.organizer_slug
      where e.short_name = $1 and e.status <> 'DISABLED'`,
    [shortName],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    details: row.details,
    descriptionHtml: row.description_html,
    totalSeats: row.total_seats,
    organizer: row.organizer,
    hasRestrictedCategories: row.has_restricted,
    hasPromoCodes: row.has_codes,
    hasPaidCategories: row.has_paid,
    linkedToSubscription: row.linked,
  };
}

export interface CategoryRecord {
  readonly category: TicketCategory;
  readonly descriptionHtml: LangMap;
}

export interface ServiceRecord {
  readonly service: AdditionalService;
  readonly descriptionHtml: LangMap;
}

/** What is on offer for one event: categories, the capacities they sell from, and additional services. */
export interface EventOffer {
  readonly categories: readonly CategoryRecord[];
  readonly capacities: readonly Capacity[];
  readonly services: readonly ServiceRecord[];
}

export async function findOffer(db: Queryable, shortName: string): Promise<EventOffer> {
  // one statement, so the three lists come from one snapshot of the tables
  const { rows } = await db.query<{ kind: 'category' | 'capacity' | 'service'; details: never; description_html: LangMap | null }>(
    `select 'category' as kind, details, description_html, ordinal, category_id as id from ${tables.categories} where short_name = $1 and not removed
     union all
     select 'capacity', jsonb_build_object('id', capacity_id, 'key', key, 'name', name, 'size', size), null, 0, capacity_id from ${tables.capacities} where short_name = $1 and not removed
     union all
     select 'service', details, description_html, ordinal, service_id from ${tables.services} where short_name = $1 and not removed
     order by kind, ordinal, id`,
    [shortName],
  );
  return {
    categories: rows.filter((r) => r.kind === 'category').map((r) => ({ category: r.details as TicketCategory, descriptionHtml: r.description_html ?? {} })),
    capacities: rows.filter((r) => r.kind === 'capacity').map((r) => r.details as Capacity),
    services: rows.filter((r) => r.kind === 'service').map((r) => ({ service: r.details as AdditionalService, descriptionHtml: r.description_html ?? {} })),
  };
}

/** Every code of the event, by the exact text the buyer types. */
export async function findPromoCodes(db: Queryable, shortName: string): Promise<ReadonlyMap<string, PromoCode>> {
  const { rows } = await db.query<{ details: PromoCode }>(`select details from ${tables.promoCodes} where short_name = $1 and not removed`, [shortName]);
  return new Map(rows.map((r) => [r.details.code, r.details]));
}

/** The questions of the event's booking form, by ordinal (then name, so equal ordinals keep one order). */
export async function findAttendeeFields(db: Queryable, shortName: string): Promise<readonly AttendeeField[]> {
  const { rows } = await db.query<{ details: AttendeeField }>(
    `select details from ${tables.attendeeFields} where short_name = $1 and not removed order by ordinal, name`,
    [shortName],
  );
  return rows.map((r) => r.details);
}

/** Everything the catalog holds about one event: what every event read is computed from. */
export interface EventSnapshot {
  readonly record: EventRecord;
  readonly offer: EventOffer;
  readonly promoCodes: ReadonlyMap<string, PromoCode>;
  readonly attendeeFields: readonly AttendeeField[];
}

/** The event's snapshot, or null when the event is unknown or disabled. */
export async function loadEventSnapshot(db: Queryable, shortName: string): Promise<EventSnapshot | null> {
  const record = await findEvent(db, shortName);
  if (!record) return null;
  const [offer, promoCodes, attendeeFields] = await Promise.all([findOffer(db, shortName), findPromoCodes(db, shortName), findAttendeeFields(db, shortName)]);
  return { record, offer, promoCodes, attendeeFields };
}
