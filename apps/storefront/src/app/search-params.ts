/**
 * Query parameters of the catalog routes (spec 2), parsed by hand: a schema library would weigh more than
 * these few lines. The router hands over strings and lists of strings (see search-serialization.ts); a number
 * is accepted too, for a navigation made in code.
 */
export interface CatalogSearch {
  /** A subscription id: only events usable with it (spec 5: a UUID v4, anything else is ignored). */
  subscription?: string;
  /** The organizer's integer id, in digits (anything else is dropped: the lists would answer 422). */
  organizer?: string;
  tags?: string[];
}

/**
 * What the reserve step carries from the event page to the booking step (spec 2): the catalog filters and the
 * organizer slug, so 'back to the events' can return to the same list.
 */
export interface ReservationSearch extends CatalogSearch {
  organizerSlug?: string;
}

export interface EventSearch extends ReservationSearch {
  /** A promo, access or partner code to apply on entry. */
  code?: string;
  /** Comma-separated error codes to show as global errors (set by the server's code redirects). */
  errors?: string;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const isUuidV4 = (value: string): boolean => UUID_V4.test(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function parseCatalogSearch(search: Record<string, unknown>): CatalogSearch {
  const result: CatalogSearch = {};
  const subscription = text(search['subscription']);
  if (subscription && isUuidV4(subscription)) result.subscription = subscription;
  const organizer = text(search['organizer']);
  // the lists take an integer id (reference 7) and answer anything else with 422; no id is negative. (Not
  // bounded to the API's 15 digits here: the event page has no bytes to spare, and no organizer has such an id.)
  if (organizer && /^\d+$/.test(organizer)) result.organizer = organizer;
  const rawTags = search['tags'];
  const tags = (Array.isArray(rawTags) ? rawTags : [rawTags]).map(text).filter((t): t is string => t !== undefined);
  if (tags.length) result.tags = tags;
  return result;
}

export function parseReservationSearch(search: Record<string, unknown>): ReservationSearch {
  const result: ReservationSearch = parseCatalogSearch(search);
  const organizerSlug = text(search['organizerSlug']);
  if (organizerSlug) result.organizerSlug = organizerSlug;
  return result;
}

export function parseEventSearch(search: Record<string, unknown>): EventSearch {
  const result: EventSearch = parseReservationSearch(search);
  const code = text(search['code']);
  if (code) result.code = code;
  const errors = text(search['errors']);
  if (errors) result.errors = errors;
  return result;
}

/** Only the catalog filters (what the list calls take), without the language or anything else. */
export const catalogFilters = ({ subscription, organizer, tags }: CatalogSearch): CatalogSearch => ({
  ...(subscription ? { subscription } : {}),
  ...(organizer ? { organizer } : {}),
  ...(tags?.length ? { tags } : {}),
});

/** The part of an event page's query that the booking step carries on. */
export const reservationSearch = ({ organizerSlug, ...search }: ReservationSearch): ReservationSearch => ({
  ...catalogFilters(search),
  ...(organizerSlug ? { organizerSlug } : {}),
});
