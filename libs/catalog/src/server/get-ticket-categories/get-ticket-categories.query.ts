import type { PromoCode } from '@ticketing/catalog/contracts';
import { Availability } from '../shared/availability.js';
import type { EventSnapshot } from '../shared/event-records.js';
import type { EventSalesFigures } from '@ticketing/sales/contracts';
import type { ItemsByCategory, TicketCategoryView } from '../shared/views/items-by-category.views.js';
import { categoryView, type CategoryContext } from './category-view.js';
import { isCodeUsable, isVisible } from '../shared/promo-code-rules.js';
import { serviceView } from './service-view.js';

/**
 * What can be bought for an event now (`ItemsByCategory`), seen with the buyer's code. A code that is
 * unknown or not usable changes nothing and is no error.
 */
export function itemsByCategory(snapshot: EventSnapshot, figures: EventSalesFigures, codeText: string | null, now: Date): ItemsByCategory {
  const { record, offer } = snapshot;
  const event = record.details;
  const found = codeText ? (snapshot.promoCodes.get(codeText) ?? null) : null;
  const codeUsages = found ? (figures.codeUsages.get(found.code) ?? 0) : 0;
  const code: PromoCode | null = found && isCodeUsable(found, event, now, codeUsages) ? found : null;
  const ctx: CategoryContext = {
    event,
    now,
    code,
    codeUsages,
    availability: new Availability(offer.categories.map((c) => c.category), offer.capacities, record.totalSeats, figures),
  };

  const views = offer.categories.filter((c) => isVisible(c.category, code)).map((c) => categoryView(c, ctx));
  const byOrdinal = (a: TicketCategoryView, b: TicketCategoryView) => a.ordinal - b.ordinal || a.id - b.id;
  const active = views.filter((c) => !c.expired).sort(byOrdinal);
  const expired = views.filter((c) => c.expired).sort(byOrdinal);
  // Once the event is over every category has expired (their sale ends with it), so both flags are off.
  // preSales says the list takes pre-registrations now; alf.io's flag says only that no sale has begun (it is true
  // without pre-registration too), which its client reads only inside the waiting-list box: same page either way.
  const preSales = event.preRegistrationEnabled && active.length > 0 && active.every((c) => c.saleInFuture);
  const soldOut = active.length > 0 && active.every((c) => c.soldOutOrLimitReached && !c.saleInFuture);
  // The sign-up form shows when `waitingList` is true (alf.io's Angular client: event-display.component.html), with
  // the pre-sales texts when `preSales` is: before the sale it takes pre-registrations, after it the sold-out list
  // (alf.io EventUtil.displayWaitingQueueForm: ENABLE_PRE_REGISTRATION in pre-sales, else ENABLE_WAITING_QUEUE).
  const waitingList = preSales || (event.waitingListEnabled && soldOut);
  return {
    ticketCategories: active,
    expiredCategories: event.displayExpiredCategories ? expired : [],
    additionalServices: offer.services
      .map((s) => serviceView(s, event, now, code, figures.soldByService.get(s.service.id) ?? 0))
      .filter((s) => !s.expired),
    waitingList,
    preSales,
    ticketCategoriesForWaitingList: active.filter((c) => !c.bounded).map((c) => ({ id: c.id, name: c.name })),
  };
}
