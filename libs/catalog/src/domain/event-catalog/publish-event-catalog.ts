import type { Decider } from '@ticketing/kernel';
import type { AdditionalService, AttendeeField, Capacity, EventCatalogEvent, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';
import { catalogErrors, CatalogRejected, rejectIfAny } from '../shared/catalog-violation.js';
import { diffByKey } from '../shared/diff-by-key.js';
import { sameValue } from '../shared/same-value.js';
import { assignIds } from '../shared/stable-ids.js';
import { evolveEventCatalog, initialEventCatalogState, type EventCatalogState, type KnownIds } from './event-catalog.js';
import type { PublishEventCatalog } from './publish-event-catalog.command.js';
import { validateEventCatalog } from './validate-event-catalog.js';

export type { PublishEventCatalog } from './publish-event-catalog.command.js';

interface DesiredCatalog {
  readonly capacities: readonly Capacity[];
  readonly categories: readonly TicketCategory[];
  readonly services: readonly AdditionalService[];
  readonly promoCodes: readonly PromoCode[];
  readonly attendeeFields: readonly AttendeeField[];
}

/** The drafts with their stable ids: known keys keep theirs, new keys get the next free one. */
function withIds(command: PublishEventCatalog, known: KnownIds): DesiredCatalog {
  const { capacities, categories, additionalServices, promoCodes, attendeeFields } = command.data;
  const capacityIds = assignIds(capacities.map((c) => c.key), known.capacity);
  const categoryIds = assignIds(categories.map((c) => c.key), known.category);
  const serviceIds = assignIds(additionalServices.map((s) => s.key), known.service);
  const id = (ids: Record<string, number>, key: string) => ids[key] as number; // validated: every key is known
  return {
    capacities: capacities.map((c) => ({ id: id(capacityIds, c.key), key: c.key, name: c.name, size: c.size })),
    categories: categories.map(({ capacity, ...c }) => ({ ...c, id: id(categoryIds, c.key), capacityId: capacity === null ? null : id(capacityIds, capacity) })),
    services: additionalServices.map((s) => ({ ...s, id: id(serviceIds, s.key) })),
    promoCodes: promoCodes.map(({ categories: keys, ...p }) => ({ ...p, categoryIds: keys.map((k) => id(categoryIds, k)) })),
    attendeeFields: attendeeFields.map(({ categories: keys, additionalService, ...f }) => ({
      ...f,
      categoryIds: keys.map((k) => id(categoryIds, k)),
      additionalServiceId: additionalService === null ? null : id(serviceIds, additionalService),
    })),
  };
}

const NONE: KnownIds = { capacity: {}, category: {}, service: {} };

/**
 * Compares the desired catalog of one event with the stream's state and emits only the differences:
 * additions before the things that point at them (capacities, categories, then services, codes, attendee
 * fields and polls), removals after, so every event in the log leaves a consistent catalog behind.
 */
export function decidePublishEventCatalog(command: PublishEventCatalog, state: EventCatalogState): EventCatalogEvent[] {
  rejectIfAny(validateEventCatalog(command));
  const { event: details, totalSeats } = command.data;
  const eventShortName = details.shortName;
  if (state.status === 'published' && state.details.organizerSlug !== details.organizerSlug) {
    throw new CatalogRejected([{ code: catalogErrors.ownedByAnotherOrganizer, field: 'event.organizerSlug', args: [state.details.organizerSlug] }]);
  }
  const current = state.status === 'published' ? state : undefined;
  const desired = withIds(command, current?.knownIds ?? NONE);
  const events: EventCatalogEvent[] = [];

  if (!current) events.push({ type: 'EventPublished', data: { event: details } });
  else if (!sameValue(current.details, details)) events.push({ type: 'EventDetailsChanged', data: { event: details } });
  if ((current?.totalSeats ?? null) !== totalSeats) {
    events.push(totalSeats === null ? { type: 'TotalSeatsUncapped', data: { eventShortName } } : { type: 'TotalSeatsCapped', data: { eventShortName, seats: totalSeats } });
  }

  const capacities = diffByKey(current?.capacities ?? {}, desired.capacities, (c) => c.key);
  const categories = diffByKey(current?.categories ?? {}, desired.categories, (c) => c.key);
  const services = diffByKey(current?.services ?? {}, desired.services, (s) => s.key);
  const codes = diffByKey(current?.promoCodes ?? {}, desired.promoCodes, (p) => p.code);
  const fields = diffByKey(current?.attendeeFields ?? {}, desired.attendeeFields, (f) => f.name);

  for (const capacity of capacities.added) events.push({ type: 'CapacityDefined', data: { eventShortName, capacity } });
  for (const capacity of capacities.changed) events.push({ type: 'CapacityChanged', data: { eventShortName, capacity } });
  for (const category of categories.added) events.push({ type: 'TicketCategoryAdded', data: { eventShortName, category } });
  for (const category of categories.changed) events.push({ type: 'TicketCategoryChanged', data: { eventShortName, category } });
  for (const service of services.added) events.push({ type: 'AdditionalServiceAdded', data: { eventShortName, service } });
  for (const service of services.changed) events.push({ type: 'AdditionalServiceChanged', data: { eventShortName, service } });
  for (const promoCode of codes.added) events.push({ type: 'PromoCodeAdded', data: { eventShortName, promoCode } });
  for (const promoCode of codes.changed) events.push({ type: 'PromoCodeChanged', data: { eventShortName, promoCode } });
  for (const field of fields.added) events.push({ type: 'AttendeeFieldAdded', data: { eventShortName, field } });
  for (const field of fields.changed) events.push({ type: 'AttendeeFieldChanged', data: { eventShortName, field } });
  const polls = diffByKey(current?.polls ?? {}, command.data.polls ?? [], (p) => String(p.id));
  for (const poll of polls.added) events.push({ type: 'PollAdded', data: { eventShortName, poll } });
  for (const poll of polls.changed) events.push({ type: 'PollChanged', data: { eventShortName, poll } });
  for (const { id } of polls.removed) events.push({ type: 'PollRemoved', data: { eventShortName, pollId: id } });
  for (const { name } of fields.removed) events.push({ type: 'AttendeeFieldRemoved', data: { eventShortName, name } });
  for (const { code } of codes.removed) events.push({ type: 'PromoCodeRemoved', data: { eventShortName, code } });
  for (const { id, key } of services.removed) events.push({ type: 'AdditionalServiceRemoved', data: { eventShortName, serviceId: id, key } });
  for (const { id, key } of categories.removed) events.push({ type: 'TicketCategoryRemoved', data: { eventShortName, categoryId: id, key } });
  for (const { id, key } of capacities.removed) events.push({ type: 'CapacityRemoved', data: { eventShortName, capacityId: id, key } });
  return events;
}

/** The decider of one `event-{shortName}` stream. */
export const eventCatalogDecider: Decider<EventCatalogState, PublishEventCatalog, EventCatalogEvent> = {
  initialState: initialEventCatalogState,
  evolve: evolveEventCatalog,
  decide: decidePublishEventCatalog,
};
