import type { JoinLink } from './catalog.events.js';
import type { PurchaseOffer } from './purchase-offer.js';
import { zonedInstant } from '@ticketing/kernel';

// Where and when an online ticket enters, from the catalog's join links: published here so that the check-in
// (ticketing) and the dates the order's page prints (sales) read one rule.

/** An online ticket's entrance: where, and from when to when (instants). */
export interface Entrance {
  readonly url: string | null;
  readonly from: Date;
  readonly to: Date;
}

/** Online access: an ONLINE event, or a HYBRID one whose category is ONLINE (spec point 2, ticket update page). */
export function isOnlineTicket(offer: PurchaseOffer, categoryId: number): boolean {
  const { event } = offer;
  if (event.format === 'ONLINE') return true;
  const category = offer.categories.find((c) => c.category.id === categoryId)?.category;
  return event.format === 'HYBRID' && category?.accessType === 'ONLINE';
}

/**
 * The join links a ticket of this category may use (those for its category, else those for every category), and
 * the one to show: open now, else the next to open, else the last. Without links, the event's own dates and no URL.
 */
export function entranceOf(offer: PurchaseOffer, categoryId: number, now: Date): Entrance {
  const { event } = offer;
  const key = offer.categories.find((c) => c.category.id === categoryId)?.category.key;
  const links = event.joinLinks ?? [];
  const own = links.filter((l) => key !== undefined && l.categories.includes(key));
  const usable = (own.length > 0 ? own : links.filter((l) => l.categories.length === 0)).map((l) => toEntrance(l, event.timeZone));
  if (usable.length === 0) return { url: null, from: zonedInstant(event.start, event.timeZone), to: zonedInstant(event.end, event.timeZone) };
  const t = now.getTime();
  return (
    usable.find((e) => e.from.getTime() <= t && t <= e.to.getTime()) ??
    usable.filter((e) => e.from.getTime() > t).sort((a, b) => a.from.getTime() - b.from.getTime())[0] ??
    usable[usable.length - 1]!
  );
}

const toEntrance = (link: JoinLink, timeZone: string): Entrance => ({ url: link.url, from: zonedInstant(link.validFrom, timeZone), to: zonedInstant(link.validTo, timeZone) });
