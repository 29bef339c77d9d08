import { Inject, Injectable } from '@nestjs/common';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { formatPerLanguage } from '@ticketing/formatting';
import { supportedLanguages } from '@ticketing/i18n';
import { decimalText, fractionDigits, sameDay, zonedInstant } from '@ticketing/kernel';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import type { PurchaseContextWithReservations } from './my-orders.dto.js';
import { goneStatuses } from './my-orders.events.js';
import { ORDERS_TABLE } from './my-orders.projection.js';

interface OrderRow {
  reservation_id: string;
  context_type: 'event' | 'subscription';
  public_identifier: string;
  status: string;
  created_at: Date;
  confirmed_at: Date | null;
  valid_until: Date;
  final_price: string;
  currency: string;
  vat_mode: 'NONE' | 'INCLUDED' | 'NOT_INCLUDED';
  vat_percent: string;
  invoice_number: string | null;
  items: { id: string; categoryId: number | null }[];
  names: { attendees: Record<string, Name | null>; subscriptionOwner: Name | null } | null;
}
interface Name {
  firstName: string;
  lastName: string;
}

/** What the list says of a purchase context: its title and dates from the catalog, its items' type names. */
interface ContextFacts {
  readonly title: Record<string, string>;
  readonly timeZone: string;
  readonly start: Date | null;
  readonly end: Date | null;
  readonly languages: readonly string[];
  readonly itemType: (categoryId: number | null) => Record<string, string>;
}

const money = (minor: number, currency: string) => Number(decimalText(minor, fractionDigits(currency)));

/**
 * GET /user/reservations (reference 3.6 item 48): the user's orders from the read model keyed by owner, newest first,
 * grouped by purchase context (the most recent order's context first); titles, dates and category names from the catalog.
 * Cancelled and expired orders are not listed: their page is gone (404), and alf.io deletes them.
 */
@Injectable()
export class MyOrdersQuery {
  constructor(
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
    private readonly catalog: CatalogOffers,
  ) {}

  async ordersOf(userId: string): Promise<PurchaseContextWithReservations[]> {
    const { rows } = await this.options.db.query<OrderRow>(
      `select * from ${ORDERS_TABLE} where owner_user_id = $1 and status <> all($2::text[]) order by created_at desc, reservation_id`,
      [userId, [...goneStatuses]],
    );
    const groups = new Map<string, OrderRow[]>();
    for (const row of rows) {
      const key = `${row.context_type}/${row.public_identifier}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    const now = this.options.clock.now();
    return Promise.all(
      [...groups.values()].map(async (orders) => {
        const { context_type: type, public_identifier: publicIdentifier } = orders[0]!;
        const facts = await this.factsOf(type, publicIdentifier, now);
        const dates = (instant: Date | null) => (instant ? formatPerLanguage(instant, 'common.event.date-format', supportedLanguages, facts.timeZone) : null);
        const stamp = (instant: Date | null) => (instant ? formatPerLanguage(instant, 'datetime.pattern', supportedLanguages, facts.timeZone) : null);
        return {
          title: facts.title,
          publicIdentifier,
          type,
          formattedStartDate: dates(facts.start),
          formattedEndDate: dates(facts.end),
          sameDay: facts.start !== null && facts.end !== null && sameDay(facts.start, facts.end, facts.timeZone),
          reservations: orders.map((order) => ({
            id: order.reservation_id,
            status: order.status,
            formattedExpiresOn: stamp(order.valid_until),
            formattedConfirmedOn: stamp(order.confirmed_at),
            formattedCreatedOn: stamp(order.created_at),
            invoiceNumber: order.invoice_number,
            finalPrice: money(Number(order.final_price), order.currency),
            currencyCode: order.currency,
            usedVatPercent: order.vat_mode === 'NONE' ? null : Number(order.vat_percent),
            vatStatus: order.vat_mode,
            items: order.items.map((item) => {
              const name = type === 'subscription' ? (order.names?.subscriptionOwner ?? null) : (order.names?.attendees[item.id] ?? null);
              return { id: item.id, firstName: name?.firstName ?? null, lastName: name?.lastName ?? null, type: facts.itemType(item.categoryId) };
            }),
          })),
        };
      }),
    );
  }

  private async factsOf(type: 'event' | 'subscription', id: string, now: Date): Promise<ContextFacts> {
    if (type === 'subscription') {
      const offer = await this.catalog.subscriptionOffer(id, now);
      const d = offer?.descriptor;
      const title = d ? inLanguageOrder(d.title, d.contentLanguages) : {};
      const tz = d?.timeZone ?? 'UTC';
      return {
        title,
        timeZone: tz,
        start: d?.validFrom ? zonedInstant(d.validFrom, tz) : null,
        end: d?.validTo ? zonedInstant(d.validTo, tz) : null,
        languages: d?.contentLanguages ?? ['en'],
        itemType: () => title,
      };
    }
    const offer = await this.catalog.purchaseOffer(id, null, now);
    if (!offer) return { title: {}, timeZone: 'UTC', start: null, end: null, languages: ['en'], itemType: () => ({}) };
    const { event } = offer;
    const names = new Map(offer.categories.map(({ category }) => [category.id, inLanguageOrder(category.name, event.contentLanguages)]));
    return {
      title: inLanguageOrder(event.title, event.contentLanguages),
      timeZone: event.timeZone,
      start: zonedInstant(event.start, event.timeZone),
      end: zonedInstant(event.end, event.timeZone),
      languages: event.contentLanguages,
      itemType: (categoryId) => (categoryId === null ? {} : (names.get(categoryId) ?? {})),
    };
  }
}

/**
 * A text per language with its keys in the order of the content languages (the others after them), as the dates
 * are formatted: a page that has none of them in its language falls back to the first key of each map, which is
 * then the same language for the title, the dates and the items of one purchase.
 */
function inLanguageOrder(texts: Readonly<Record<string, string>>, languages: readonly string[]): Record<string, string> {
  const ordered: Record<string, string> = {};
  for (const language of languages) if (Object.prototype.hasOwnProperty.call(texts, language)) ordered[language] = texts[language]!;
  for (const [language, text] of Object.entries(texts)) if (!(language in ordered)) ordered[language] = text;
  return ordered;
}
