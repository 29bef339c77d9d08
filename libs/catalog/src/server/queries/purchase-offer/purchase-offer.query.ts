import type { AdditionalService, AttendeeField, Capacity, EventDetails, Organizer, PromoCode, TicketCategory } from '../../../domain/catalog.events.js';
import type { EventSnapshot } from '../event-records.js';
import { isVisible } from '../get-ticket-categories/category-view.js';
import { isCodeUsable } from '../get-ticket-categories/promo-code-rules.js';
import { isExpired, isSaleInFuture, saleInstants } from '../get-ticket-categories/sale-window.js';

/** A category as a buyer can reserve it right now. Availability is not here: the inventory decides that. */
export interface OfferedCategory {
  readonly category: TicketCategory;
  /** Inside its sale window now. */
  readonly onSale: boolean;
  /** Public, or revealed by the buyer's ACCESS code. */
  readonly accessible: boolean;
  /** The category's maximum, else the event's (a code's usage limit is the inventory's to check). */
  readonly maxPerReservation: number;
}

export interface OfferedService {
  readonly service: AdditionalService;
  readonly onSale: boolean;
}

/**
 * What the catalog says about buying from one event at one instant, with the buyer's code: the facts the
 * sales context decides a reservation on, computed by the same rules that render the event page, so the
 * page never offers what the reservation then refuses.
 */
export interface PurchaseOffer {
  readonly event: EventDetails;
  readonly organizer: Organizer | null;
  readonly totalSeats: number | null;
  readonly capacities: readonly Capacity[];
  readonly categories: readonly OfferedCategory[];
  readonly services: readonly OfferedService[];
  /**
   * The code the buyer typed: null when none was given; `found: false` when the event has no such code;
   * `usable` when it is inside its validity window and in the event's currency (its usage limit is
   * checked by the inventory, atomically with the seats).
   */
  readonly code: { readonly text: string; readonly found: PromoCode | null; readonly usable: boolean } | null;
  /**
   * Every question of the booking form, by ordinal: those of a category or supplement the buyer does not
   * take are the caller's to skip (`categoryIds`, `additionalServiceId`).
   */
  readonly attendeeFields: readonly AttendeeField[];
}

/** Display order; the name breaks ties so two fields with one ordinal never swap between reads. */
const byOrdinal = (a: AttendeeField, b: AttendeeField) => a.ordinal - b.ordinal || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function purchaseOffer(snapshot: EventSnapshot, codeText: string | null, now: Date): PurchaseOffer {
  const { record, offer } = snapshot;
  const event = record.details;
  const found = codeText ? (snapshot.promoCodes.get(codeText) ?? null) : null;
  const usable = found !== null && isCodeUsable(found, event, now, 0);
  const code = usable ? found : null;
  const inWindow = (sale: TicketCategory['sale']) => {
    const window = saleInstants(sale, event);
    return !isExpired(window, now) && !isSaleInFuture(window, now);
  };
  return {
    event,
    organizer: record.organizer,
    totalSeats: record.totalSeats,
    capacities: offer.capacities,
    categories: offer.categories.map(({ category }) => ({
      category,
      onSale: inWindow(category.sale),
      accessible: isVisible(category, code),
      maxPerReservation: category.maxPerReservation ?? event.maxTicketsPerReservation,
    })),
    services: offer.services.map(({ service }) => ({ service, onSale: inWindow(service.sale) })),
    code: codeText ? { text: codeText, found, usable } : null,
    attendeeFields: [...snapshot.attendeeFields].sort(byOrdinal),
  };
}
