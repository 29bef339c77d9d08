import type { EventDetails, SaleWindow } from '@ticketing/catalog/contracts';
import { formatPerLanguage, type LangMap } from '@ticketing/formatting';
import { zonedInstant } from '@ticketing/kernel';

/** A sale window as instants: an open start is on sale already, an open end lasts until the event ends. */
export interface SaleInstants {
  readonly start: Date | null;
  readonly end: Date;
}

export function saleInstants(sale: SaleWindow, event: EventDetails): SaleInstants {
  return {
    start: sale.start ? zonedInstant(sale.start, event.timeZone) : null,
    end: zonedInstant(sale.end ?? event.end, event.timeZone),
  };
}

export function isExpired(window: SaleInstants, now: Date): boolean {
  return window.end.getTime() < now.getTime();
}

export function isSaleInFuture(window: SaleInstants, now: Date): boolean {
  return window.start !== null && window.start.getTime() > now.getTime();
}

/** formattedInception / formattedExpiration with the category date pattern; an open start has no date to show. */
export function formattedSaleDates(window: SaleInstants, event: EventDetails): { formattedInception: LangMap; formattedExpiration: LangMap } {
  const format = (at: Date) => formatPerLanguage(at, 'common.ticket-category.date-format', event.contentLanguages, event.timeZone);
  return { formattedInception: window.start ? format(window.start) : {}, formattedExpiration: format(window.end) };
}
