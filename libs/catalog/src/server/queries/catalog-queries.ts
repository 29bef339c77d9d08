import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@ticketing/kernel';
import type { Db } from '@ticketing/postgres';
import { catalogProjections } from '../read-models/catalog-projections.js';
import { CATALOG_CLOCK, CATALOG_DB, CATALOG_SALES_FIGURES } from '../read-tokens.js';
import { checkDiscount, type SelectedTickets } from './check-discount/check-discount.query.js';
import { eventCalendar, type EventCalendar } from './event-calendar/event-calendar.query.js';
import { loadEventSnapshot, type EventSnapshot } from './event-records.js';
import { eventPage, type EventPage } from './get-event/get-event.query.js';
import { getFile } from './get-file/get-file.query.js';
import { getSubscription } from './get-subscription/get-subscription.query.js';
import { itemsByCategory } from './get-ticket-categories/get-ticket-categories.query.js';
import { listEvents, type EventSearch } from './list-events/list-events.query.js';
import { listSubscriptions, type SubscriptionSearch } from './list-subscriptions/list-subscriptions.query.js';
import type { SalesFigures } from './sales-figures.js';
import { validateCode } from './validate-code/validate-code.query.js';
import { purchaseOffer, type PurchaseOffer } from './purchase-offer/purchase-offer.query.js';
import { readTablesVersion, SharedVersionReader, VersionedCache } from './versioned-cache.js';
import type { ItemsByCategory } from './views/items-by-category.views.js';

const CATALOG_READ_MODELS = catalogProjections.map((p) => p.name);

/**
 * The catalog's query surface, with the pool, the clock and the sales figures bound. Controllers use it,
 * and so can the server that preloads the event into the page.
 *
 * Event reads are the hot path (every visitor of an event page asks for the event and its categories):
 * the event's catalog snapshot, and the page when it does not depend on sales, are kept per version of the
 * catalog tables, so a request costs one indexed read of the checkpoints until the catalog changes.
 */
@Injectable()
export class CatalogQueries {
  private readonly snapshots = new VersionedCache<EventSnapshot | null>();
  private readonly pages = new VersionedCache<EventPage | null>();
  private readonly catalogVersion = new SharedVersionReader(() => readTablesVersion(this.db, CATALOG_READ_MODELS));

  constructor(
    @Inject(CATALOG_DB) private readonly db: Db,
    @Inject(CATALOG_CLOCK) private readonly clock: Clock,
    @Inject(CATALOG_SALES_FIGURES) private readonly sales: SalesFigures,
  ) {}

  listEvents(search: EventSearch) {
    return listEvents(this.db, search, this.clock.now());
  }

  /** The event page and its ETag, or null when the event is unknown or disabled. */
  async getEvent(shortName: string): Promise<EventPage | null> {
    const version = await this.catalogVersion.version();
    const snapshot = await this.snapshots.get(shortName, version, () => loadEventSnapshot(this.db, shortName));
    if (!snapshot) return null;
    if (snapshot.record.details.displayTicketsLeft) return eventPage(snapshot, await this.sales.forEvent(shortName));
    return this.pages.get(shortName, version, async () => eventPage(snapshot, null));
  }

  async getTicketCategories(shortName: string, code: string | null): Promise<ItemsByCategory | null> {
    const snapshot = await this.snapshot(shortName);
    return snapshot && itemsByCategory(snapshot, await this.sales.forEvent(shortName), code, this.clock.now());
  }

  async validateCode(shortName: string, code: string) {
    const snapshot = await this.snapshot(shortName);
    return validateCode(snapshot, await this.sales.forEvent(shortName), code, this.clock.now());
  }

  checkDiscount(shortName: string, selection: readonly SelectedTickets[]) {
    return checkDiscount(shortName, selection);
  }

  async eventCalendar(shortName: string, lang: string): Promise<EventCalendar | null> {
    const snapshot = await this.snapshot(shortName);
    return snapshot && eventCalendar(snapshot.record, lang, this.clock.now());
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

  /** What a buyer can reserve from the event now, with the code they typed; null when the event is unknown or disabled. */
  async purchaseOffer(shortName: string, code: string | null, now: Date): Promise<PurchaseOffer | null> {
    const snapshot = await this.snapshot(shortName);
    return snapshot && purchaseOffer(snapshot, code, now);
  }

  private async snapshot(shortName: string): Promise<EventSnapshot | null> {
    const version = await this.catalogVersion.version();
    return this.snapshots.get(shortName, version, () => loadEventSnapshot(this.db, shortName));
  }
}
