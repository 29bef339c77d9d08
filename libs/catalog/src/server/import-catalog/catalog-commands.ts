import type { EventDetails, Organizer, SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import type { PublishEventCatalog, PublishOrganizer, PublishSubscriptionDescriptor } from '@ticketing/catalog/domain';
import type { EventEntry } from './catalog-file/event-entry.schema.js';
import type { OrganizerEntry, SubscriptionEntry } from './catalog-file/catalog-file.schema.js';
import { compatibleEventName } from './compatible-categories.js';

/** Image reference in the file -> sha256 of its bytes. */
export type ImageIds = ReadonlyMap<string, string>;

const imageId = (reference: string | null, images: ImageIds) => (reference === null ? null : (images.get(reference) ?? null));

export function publishOrganizer(entry: OrganizerEntry): PublishOrganizer {
  const organizer: Organizer = { ...entry };
  return { type: 'PublishOrganizer', data: { organizer } };
}

export function publishEventCatalog(entry: EventEntry, images: ImageIds): PublishEventCatalog {
  const { organizer, image, displayName, totalSeats, capacities, categories, additionalServices, promoCodes, attendeeFields, polls, ...rest } = entry;
  const event: EventDetails = {
    ...rest,
    organizerSlug: organizer,
    imageFileId: imageId(image, images),
    displayName: displayName ?? entry.title[entry.contentLanguages[0] ?? ''] ?? entry.shortName,
  };
  return {
    type: 'PublishEventCatalog',
    data: {
      event,
      totalSeats,
      capacities,
      categories: categories.map(({ ordinal, ...c }, i) => ({ ...c, ordinal: ordinal ?? i })),
      additionalServices: additionalServices.map(({ ordinal, ...s }, i) => ({ ...s, ordinal: ordinal ?? i })),
      promoCodes,
      attendeeFields: attendeeFields.map(({ ordinal, ...f }, i) => ({ ...f, ordinal: ordinal ?? i })),
      polls: polls.map(({ order, ...p }, i) => ({ ...p, order: order ?? i })),
    },
  };
}

/**
 * `categoryIds`: the categories of the entry's compatible events resolved from their keys (resolveCompatibleCategories);
 * the descriptor holds them only when some event is limited, so an unlimited descriptor reads as it always did.
 */
export function publishSubscriptionDescriptor(
  entry: SubscriptionEntry,
  images: ImageIds,
  categoryIds: Readonly<Record<string, readonly number[]>> = {},
): PublishSubscriptionDescriptor {
  const { organizer, image, compatibleEvents, embedding, ...rest } = entry;
  const descriptor: SubscriptionDescriptor = {
    ...rest,
    organizerSlug: organizer,
    imageFileId: imageId(image, images),
    compatibleEventShortNames: compatibleEvents.map(compatibleEventName),
    ...(Object.keys(categoryIds).length > 0 ? { compatibleCategoryIds: categoryIds } : {}),
    // held only when it says something: a descriptor without it reads (and re-imports) as it always did
    ...(embedding && (embedding.enabled || embedding.notificationOrigin !== '') ? { embedding } : {}),
  };
  return { type: 'PublishSubscriptionDescriptor', data: { descriptor } };
}

/** Domain field names that the file spells differently. */
const FILE_NAMES: Record<string, string> = { organizerSlug: 'organizer', imageFileId: 'image', compatibleEventShortNames: 'compatibleEvents' };

/**
 * A violation's path inside a command -> its path in the document: `event.start` of the third event is
 * `events[2].start`, `categories[0].price` is `events[2].categories[0].price`.
 */
export function documentPathOf(commandField: string, entryPath: string, rootName: 'event' | 'organizer' | 'descriptor'): string {
  const prefix = `${rootName}.`;
  const inner = commandField.startsWith(prefix) ? commandField.slice(prefix.length) : commandField;
  const [head = '', ...tail] = inner.split('.');
  const renamed = head.replace(/^[A-Za-z]+/, (name) => FILE_NAMES[name] ?? name);
  return [`${entryPath}.${renamed}`, ...tail].join('.');
}
