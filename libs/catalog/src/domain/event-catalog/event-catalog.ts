import type { AdditionalService, AttendeeField, Capacity, EventCatalogEvent, EventDetails, Poll, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';

/** Ids ever given per key, removed items included, so a key keeps its id and an id is never reused. */
export interface KnownIds {
  readonly capacity: Readonly<Record<string, number>>;
  readonly category: Readonly<Record<string, number>>;
  readonly service: Readonly<Record<string, number>>;
}

export interface PublishedEventCatalog {
  readonly status: 'published';
  readonly details: EventDetails;
  readonly totalSeats: number | null;
  /** Current items by key (promo codes by code, attendee fields by name). */
  readonly capacities: Readonly<Record<string, Capacity>>;
  readonly categories: Readonly<Record<string, TicketCategory>>;
  readonly services: Readonly<Record<string, AdditionalService>>;
  readonly promoCodes: Readonly<Record<string, PromoCode>>;
  readonly attendeeFields: Readonly<Record<string, AttendeeField>>;
  /** By id (as a string key). Absent from states folded before polls existed: read it as none. */
  readonly polls?: Readonly<Record<string, Poll>>;
  readonly knownIds: KnownIds;
}

/** The state of one `event-{shortName}` stream. */
export type EventCatalogState = { readonly status: 'unpublished' } | PublishedEventCatalog;

export const initialEventCatalogState = (): EventCatalogState => ({ status: 'unpublished' });

function without<T>(items: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = items;
  return rest;
}

export function evolveEventCatalog(state: EventCatalogState, event: EventCatalogEvent): EventCatalogState {
  if (event.type === 'EventPublished') {
    return {
      status: 'published',
      details: event.data.event,
      totalSeats: null,
      capacities: {},
      categories: {},
      services: {},
      promoCodes: {},
      attendeeFields: {},
      polls: {},
      knownIds: { capacity: {}, category: {}, service: {} },
    };
  }
  // Nothing but EventPublished can start a stream; anything else before it is not ours to interpret.
  if (state.status !== 'published') return state;
  const ids = state.knownIds;
  switch (event.type) {
    case 'EventDetailsChanged':
      return { ...state, details: event.data.event };
    case 'TotalSeatsCapped':
      return { ...state, totalSeats: event.data.seats };
    case 'TotalSeatsUncapped':
      return { ...state, totalSeats: null };
    case 'CapacityDefined':
    case 'CapacityChanged': {
      const c = event.data.capacity;
      return { ...state, capacities: { ...state.capacities, [c.key]: c }, knownIds: { ...ids, capacity: { ...ids.capacity, [c.key]: c.id } } };
    }
    case 'CapacityRemoved':
      return { ...state, capacities: without(state.capacities, event.data.key) };
    case 'TicketCategoryAdded':
    case 'TicketCategoryChanged': {
      const c = event.data.category;
      return { ...state, categories: { ...state.categories, [c.key]: c }, knownIds: { ...ids, category: { ...ids.category, [c.key]: c.id } } };
    }
    case 'TicketCategoryRemoved':
      return { ...state, categories: without(state.categories, event.data.key) };
    case 'AdditionalServiceAdded':
    case 'AdditionalServiceChanged': {
      const s = event.data.service;
      return { ...state, services: { ...state.services, [s.key]: s }, knownIds: { ...ids, service: { ...ids.service, [s.key]: s.id } } };
    }
    case 'AdditionalServiceRemoved':
      return { ...state, services: without(state.services, event.data.key) };
    case 'PromoCodeAdded':
    case 'PromoCodeChanged':
      return { ...state, promoCodes: { ...state.promoCodes, [event.data.promoCode.code]: event.data.promoCode } };
    case 'PromoCodeRemoved':
      return { ...state, promoCodes: without(state.promoCodes, event.data.code) };
    case 'AttendeeFieldAdded':
    case 'AttendeeFieldChanged':
      return { ...state, attendeeFields: { ...state.attendeeFields, [event.data.field.name]: event.data.field } };
    case 'AttendeeFieldRemoved':
      return { ...state, attendeeFields: without(state.attendeeFields, event.data.name) };
    case 'PollAdded':
    case 'PollChanged':
      return { ...state, polls: { ...state.polls, [String(event.data.poll.id)]: event.data.poll } };
    case 'PollRemoved':
      return { ...state, polls: without(state.polls ?? {}, String(event.data.pollId)) };
    default:
      return state;
  }
}
