import type { AttendeeField, PurchaseOffer, TicketCategory } from '@ticketing/catalog/contracts';
import type { EventSnapshot } from '../shared/event-records.js';
import { isCodeUsable, isVisible } from '../shared/promo-code-rules.js';
import { isExpired, isSaleInFuture, saleInstants } from '../shared/sale-window.js';
import { invoicingConfigurationOf } from '../shared/view-helpers.js';

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
    invoicing: invoicingConfigurationOf(event.invoicing, record.organizer),
  };
}
