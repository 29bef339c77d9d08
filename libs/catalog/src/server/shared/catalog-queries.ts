import { Inject, Injectable, Optional } from '@nestjs/common';
import { isUuid, type Clock } from '@ticketing/kernel';
import type { Db } from '@ticketing/postgres';
import { CatalogOffers, type Organizer, type PurchaseOffer, type SubscriptionOffer, type WaitingListAvailability } from '@ticketing/catalog/contracts';
import { tables } from './catalog-tables.js';
import { SalesFigures } from '@ticketing/sales/contracts';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { CATALOG_ANALYTICS, CATALOG_CLOCK, CATALOG_DB, CATALOG_RECAPTCHA_SITE_KEY } from '../read-tokens.js';
import { checkDiscount, type SelectedTickets } from '../check-discount/check-discount.query.js';
import { eventCalendar, type EventCalendar } from '../event-calendar/event-calendar.query.js';
import { EventInputs } from './event-inputs.js';
import type { EventSnapshot } from './event-records.js';
import { eventPage, type EventPage, type PublicSettings } from '../get-event/get-event.query.js';
import { getFile } from '../get-file/get-file.query.js';
import { getSubscription, subscriptionInvoicing } from '../get-subscription/get-subscription.query.js';
import { onSale } from './subscription-dates.js';
import { findDescriptor } from './subscription-records.js';
import { itemsByCategory } from '../get-ticket-categories/get-ticket-categories.query.js';
import { SalePhases } from '../get-ticket-categories/sale-phase.js';
import { listEvents, type EventSearch } from '../list-events/list-events.query.js';
import { listSubscriptions, type SubscriptionSearch } from '../list-subscriptions/list-subscriptions.query.js';
import { validateCode } from '../validate-code/validate-code.query.js';
import { purchaseOffer } from '../purchase-offer/purchase-offer.query.js';
import { ViewMemo } from './view-memo.js';
import type { ItemsByCategory } from './views/items-by-category.views.js';
import type { AnalyticsConfiguration } from './views/common.views.js';
import { noAnalytics } from './view-helpers.js';

/** Stands for the sales figures of a page that does not read them. */
const NO_FIGURES = {};

/**
 * The catalog's query surface, with the pool, the clock and the sales figures bound. Controllers use it,
 * and so can the server that preloads the event into the page.
 *
 * Event reads are the hot path (every visitor of an event page asks for the event and its categories):
 * the event's catalog snapshot is kept per version of the catalog tables, and the event page and the
 * categories on offer are kept per snapshot and sales figures (and code and sale phase), so a request costs
 * the indexed reads of the checkpoints until the catalog or the holds change. Kept views are shared: the
 * controllers serialize each once.
 */
@Injectable()
export class CatalogQueries implements CatalogOffers {
  private readonly inputs: EventInputs;
  private readonly pages = new ViewMemo<EventPage>();
  private readonly offers = new ViewMemo<ItemsByCategory>();
  private readonly phases = new SalePhases();
  private readonly settings: PublicSettings;

  constructor(
    @Inject(CATALOG_DB) private readonly db: Db,
    @Inject(CATALOG_CLOCK) private readonly clock: Clock,
    private readonly sales: SalesFigures,
    /** Absent where passes are not sold (the catalog alone): `?subscription=` then names descriptors only. */
    @Optional() @Inject(SubscriptionPasses) private readonly passes: SubscriptionPasses | null = null,
    @Optional() @Inject(CATALOG_RECAPTCHA_SITE_KEY) recaptchaSiteKey: string | null = null,
    @Optional() @Inject(CATALOG_ANALYTICS) analytics: AnalyticsConfiguration | null = null,
  ) {
    this.inputs = new EventInputs(db, sales);
    this.settings = { recaptchaSiteKey, analytics: analytics ?? noAnalytics };
  }

  /**
   * `?subscription=` names a descriptor, or an issued pass (its owner's page links "all events" with the pass's id,
   * which the event page then applies at booking): a pass lists the events it was sold for.
   */
  async listEvents(search: EventSearch) {
    const id = search.subscription;
    const pass = id && isUuid(id) && this.passes ? await this.passes.byId(id.toLowerCase()) : null;
    return listEvents(this.db, { ...search, passEvents: pass?.compatibleEventShortNames ?? null }, this.clock.now());
  }

  /** The event page and its ETag, or null when the event is unknown or disabled. */
  async getEvent(shortName: string): Promise<EventPage | null> {
    // only the tickets-left count reads sales: a page without it is kept per snapshot alone
    const inputs = await this.inputs.withFiguresIf(shortName, (s) => s.record.details.displayTicketsLeft);
    if (!inputs) return null;
    const { snapshot, figures } = inputs;
    return this.pages.get(snapshot, figures ?? NO_FIGURES, '', () => eventPage(snapshot, figures, this.settings));
  }

  /** The same object while the catalog, the holds, the code's meaning and the sale phase stand. */
  async getTicketCategories(shortName: string, code: string | null): Promise<ItemsByCategory | null> {
    const inputs = await this.inputs.withFigures(shortName);
    if (!inputs) return null;
    const { snapshot, figures } = inputs;
    const now = this.clock.now();
    // a code the event does not have changes nothing: such requests share the answer without a code
    const known = code !== null && snapshot.promoCodes.has(code) ? code : '';
    return this.offers.get(snapshot, figures, `${this.phases.of(snapshot, now)} ${known}`, () => itemsByCategory(snapshot, figures, code, now));
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
    return getSubscription(this.db, this.sales, id, this.clock.now(), this.settings.analytics);
  }

  getFile(id: string) {
    return getFile(this.db, id);
  }

  /** What a buyer can reserve from the event now, with the code they typed; null when the event is unknown or disabled. */
  async purchaseOffer(shortName: string, code: string | null, now: Date): Promise<PurchaseOffer | null> {
    const snapshot = await this.snapshot(shortName);
    return snapshot && purchaseOffer(snapshot, code, now);
  }

  async waitingListAvailability(shortName: string): Promise<WaitingListAvailability | null> {
    const items = await this.getTicketCategories(shortName, null);
    if (!items) return null;
    return {
      open: items.waitingList ? (items.preSales ? 'PRE_SALES' : 'SOLD_OUT') : null,
      categoryIds: items.ticketCategoriesForWaitingList.map((c) => c.id),
    };
  }

  async subscriptionExists(id: string): Promise<boolean> {
    return (await this.getSubscription(id)) !== null;
  }

  async subscriptionOffer(id: string, now: Date): Promise<SubscriptionOffer | null> {
    const record = await findDescriptor(this.db, id);
    return record && { descriptor: record.descriptor, organizer: record.organizer, onSale: onSale(record.descriptor, now), invoicing: subscriptionInvoicing(record.organizer) };
  }

  async organizer(slug: string): Promise<Organizer | null> {
    const { rows } = await this.db.query<{ details: Organizer }>(`select details from ${tables.organizers} where slug = $1`, [slug]);
    return rows[0]?.details ?? null;
  }

  private snapshot(shortName: string): Promise<EventSnapshot | null> {
    return this.inputs.snapshot(shortName);
  }
}
