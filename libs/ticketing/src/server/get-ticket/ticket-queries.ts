import { Inject, Injectable } from '@nestjs/common';
import { datesWithOffset, formatPerLanguage, formattedEventDates } from '@ticketing/formatting';
import { isTimeZone, zonedInstant } from '@ticketing/kernel';
import { TicketOrders } from '@ticketing/sales/contracts';
import { CatalogPolls, entranceOf, isOnlineTicket } from '@ticketing/catalog/contracts';
import { pollPinOf } from '@ticketing/ticketing/contracts';
import type { TicketsByTicketCategory } from '@ticketing/wire';
import { TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { checkInCodeOf } from '../tickets/ticket-code.js';
import { TicketLookup, type FoundTicket } from '../tickets/ticket-lookup.js';
import type { OnlineCheckInInfo, TicketInfo } from './ticket.views.js';

/** A category's name in the language asked, else the event's first, else any. */
export function categoryNameOf({ offer, ticket }: FoundTicket, language: string): string {
  const name = offer.categories.find((c) => c.category.id === ticket.categoryId)?.category.name ?? {};
  return name[language] ?? name[offer.event.contentLanguages[0] ?? ''] ?? Object.values(name)[0] ?? String(ticket.categoryId);
}

/** The ticket calls that read (reference 32, 33, 39). */
@Injectable()
export class TicketQueries {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    private readonly lookup: TicketLookup,
    private readonly orders: TicketOrders,
    private readonly polls: CatalogPolls,
  ) {}

  /** `TicketInfo`; null unless the order is complete and the ticket assigned. */
  async info(eventShortName: string, ticketId: string): Promise<TicketInfo | null> {
    const found = await this.lookup.showable(eventShortName, ticketId);
    if (!found) return null;
    const { ticket, order, offer } = found;
    const { event } = offer;
    const now = this.options.clock.now();
    const dates = formattedEventDates(zonedInstant(event.start, event.timeZone), zonedInstant(event.end, event.timeZone), event.timeZone, event.contentLanguages);
    const [services, pollPin] = await Promise.all([this.orders.servicesOf(order, ticketId, order.language, now), this.pollPinOf(ticket.ticketId, ticket.status, eventShortName)]);
    return {
      fullName: `${ticket.holder.firstName} ${ticket.holder.lastName}`.trim(),
      email: ticket.holder.email,
      uuid: ticket.ticketId,
      ticketCategoryName: categoryNameOf(found, order.language),
      reservationFullName: order.buyer ? `${order.buyer.firstName} ${order.buyer.lastName}`.trim() : '',
      reservationId: order.shortId,
      deskPaymentRequired: ticket.paymentStatus === 'TO_BE_PAID',
      ...dates,
      additionalServiceWithData: services as TicketInfo['additionalServiceWithData'],
      pollPin,
    };
  }

  /** The poll PIN is shown once it is of use: the ticket checked in, and a poll of its event not DRAFT. */
  private async pollPinOf(ticketId: string, status: string, eventShortName: string): Promise<string | null> {
    if (status !== 'CHECKED_IN') return null;
    const polls = await this.polls.pollsOf(eventShortName);
    return polls?.polls.some((p) => p.status !== 'DRAFT') ? pollPinOf(ticketId) : null;
  }

  /** The ticket as the order's page lists it (`TicketsByTicketCategory` with this ticket alone); null unless complete. */
  async full(eventShortName: string, ticketId: string): Promise<TicketsByTicketCategory | null> {
    const found = await this.lookup.find(eventShortName, ticketId);
    if (!found || !found.order.complete) return null;
    const { ticket } = found;
    const groups = await this.orders.ticketsByCategory(found.order, [{ ticketId, categoryId: ticket.categoryId, status: ticket.status, holder: ticket.holder }], this.options.clock.now());
    return (groups[0] as TicketsByTicketCategory | undefined) ?? null;
  }

  /**
   * When the online ticket's check-in opens (reference 39), in the browser's zone when it sent a valid one; null
   * unless the code is the sha256 of the ticket's code.
   */
  async checkInInfo(eventShortName: string, ticketId: string, checkInCode: string, zone: string | null): Promise<OnlineCheckInInfo | null> {
    const found = await this.lookup.showable(eventShortName, ticketId);
    if (!found || checkInCodeOf(await this.lookup.codeOf(found)) !== checkInCode.toLowerCase() || !isOnlineTicket(found.offer, found.ticket.categoryId)) return null;
    const { event } = found.offer;
    const tz = zone && isTimeZone(zone) ? zone : event.timeZone;
    const { from, to } = entranceOf(found.offer, found.ticket.categoryId, this.options.clock.now());
    return {
      formattedBeginDate: formatPerLanguage(from, 'date.extended.pattern', event.contentLanguages, tz),
      formattedBeginTime: formatPerLanguage(from, 'time.extended.pattern', event.contentLanguages, tz),
      formattedEndDate: formatPerLanguage(to, 'date.extended.pattern', event.contentLanguages, tz),
      formattedEndTime: formatPerLanguage(to, 'time.extended.pattern', event.contentLanguages, tz),
      timeZone: event.timeZone,
      datesWithOffset: datesWithOffset(from, to, tz),
      sameDay: true,
    };
  }
}
