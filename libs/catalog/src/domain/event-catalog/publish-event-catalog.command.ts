import type { AdditionalService, AttendeeField, EventDetails, Poll, PromoCode, TicketCategory } from '@ticketing/catalog/contracts';

/** A capacity as the organizer writes it; the id is the decider's to give. */
export interface CapacityDraft {
  readonly key: string;
  readonly name: string | null;
  readonly size: number;
}

/** A category as the organizer writes it: no id, the capacity named by its key (null = unbounded). */
export type TicketCategoryDraft = Omit<TicketCategory, 'id' | 'capacityId'> & { readonly capacity: string | null };

export type AdditionalServiceDraft = Omit<AdditionalService, 'id'>;

/** A code as the organizer writes it: categories named by their keys. */
export type PromoCodeDraft = Omit<PromoCode, 'categoryIds'> & { readonly categories: readonly string[] };

/**
 * A question of the booking form as the organizer writes it: the categories and the supplement it belongs to
 * named by their keys, as codes name theirs (the ids are the decider's to give).
 */
export type AttendeeFieldDraft = Omit<AttendeeField, 'categoryIds' | 'additionalServiceId'> & {
  /** Empty = asked for every category. */
  readonly categories: readonly string[];
  /** Key of a SUPPLEMENT: asked per booked item of it instead of per ticket. */
  readonly additionalService: string | null;
};

/**
 * "This is what the event's catalog should be now": the whole desired state of one event. The decider
 * answers with only the changes, so sending the same catalog twice changes nothing, and whatever is no longer
 * listed (a category, a code) is removed.
 */
export interface PublishEventCatalog {
  readonly type: 'PublishEventCatalog';
  readonly data: {
    readonly event: EventDetails;
    /** Cap over all categories; null = only the capacities limit sales. */
    readonly totalSeats: number | null;
    readonly capacities: readonly CapacityDraft[];
    readonly categories: readonly TicketCategoryDraft[];
    readonly additionalServices: readonly AdditionalServiceDraft[];
    readonly promoCodes: readonly PromoCodeDraft[];
    readonly attendeeFields: readonly AttendeeFieldDraft[];
    /** The organizer numbers polls and their options (unique within the event, within the poll). Absent: none. */
    readonly polls?: readonly Poll[];
  };
}
