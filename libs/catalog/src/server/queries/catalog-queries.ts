import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@ticketing/kernel';
import type { Db } from '@ticketing/postgres';
import { CATALOG_CLOCK, CATALOG_DB, CATALOG_SALES_FIGURES } from '../read-tokens.js';
import { checkDiscount, type SelectedTickets } from './check-discount/check-discount.query.js';
import { eventCalendar } from './event-calendar/event-calendar.query.js';
import { getEvent } from './get-event/get-event.query.js';
import { getFile } from './get-file/get-file.query.js';
import { getSubscription } from './get-subscription/get-subscription.query.js';
import { getTicketCategories } from './get-ticket-categories/get-ticket-categories.query.js';
import { listEvents, type EventSearch } from './list-events/list-events.query.js';
import { listSubscriptions, type SubscriptionSearch } from './list-subscriptions/list-subscriptions.query.js';
import type { SalesFigures } from './sales-figures.js';
import { validateCode } from './validate-code/validate-code.query.js';

/**
 * The catalog's query surface: each method runs one query slice with the pool, the clock and the sales
 * figures bound. Controllers use it, and so can the server that preloads the event into the page.
 */
@Injectable()
export class CatalogQueries {
  constructor(
    @Inject(CATALOG_DB) private readonly db: Db,
    @Inject(CATALOG_CLOCK) private readonly clock: Clock,
    @Inject(CATALOG_SALES_FIGURES) private readonly sales: SalesFigures,
  ) {}

  listEvents(search: EventSearch) {
    return listEvents(this.db, search, this.clock.now());
  }

  getEvent(shortName: string) {
    return getEvent(this.db, this.sales, shortName);
  }

  getTicketCategories(shortName: string, code: string | null) {
    return getTicketCategories(this.db, this.sales, shortName, code, this.clock.now());
  }

  validateCode(shortName: string, code: string) {
    return validateCode(this.db, this.sales, shortName, code, this.clock.now());
  }

  checkDiscount(shortName: string, selection: readonly SelectedTickets[]) {
    return checkDiscount(shortName, selection);
  }

  eventCalendar(shortName: string, lang: string) {
    return eventCalendar(this.db, shortName, lang, this.clock.now());
  }

  listSubscriptions(search: SubscriptionSearch) {
    return listSubscriptions(this.db, search, this.clock.now());
  }

  getSubscription(id: string) {
    return getSubscription(this.db, this.sales, id, this.clock.now());
  }

  getFile(id: string) {
    return getFile(this.db, id);
  }
}
