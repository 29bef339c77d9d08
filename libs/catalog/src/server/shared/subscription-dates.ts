import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { datesWithOffset, formatPerLanguage, type DatesWithTimeZoneOffset, type LangMap } from '@ticketing/formatting';
import { supportedLanguages } from '@ticketing/i18n';
import { zonedInstant } from '@ticketing/kernel';

export interface SubscriptionDates {
  readonly salePeriod: DatesWithTimeZoneOffset;
  readonly formattedOnSaleFrom: LangMap | null;
  readonly formattedOnSaleTo: LangMap | null;
  readonly formattedValidFrom: LangMap | null;
  readonly formattedValidTo: LangMap | null;
}

/**
 * Sale and validity dates of a descriptor in its own zone, with the event date pattern (reference 1.5), in every
 * language of the system as the events' dates are: a date is no content, and a pass card shown in a language the pass
 * has no texts in must not read a German date inside an Italian sentence.
 */
export function subscriptionDates(d: SubscriptionDescriptor): SubscriptionDates {
  const at = (local: string | null) => (local ? zonedInstant(local, d.timeZone) : null);
  const format = (instant: Date | null) => (instant ? formatPerLanguage(instant, 'common.event.date-format', supportedLanguages, d.timeZone) : null);
  const saleStart = at(d.sale.start);
  const saleEnd = at(d.sale.end);
  return {
    salePeriod: datesWithOffset(saleStart, saleEnd, d.timeZone),
    formattedOnSaleFrom: format(saleStart),
    formattedOnSaleTo: format(saleEnd),
    formattedValidFrom: format(at(d.validFrom)),
    formattedValidTo: format(at(d.validTo)),
  };
}

/** Whether the descriptor can be bought at `now`. */
export function onSale(d: SubscriptionDescriptor, now: Date): boolean {
  const start = d.sale.start ? zonedInstant(d.sale.start, d.timeZone) : null;
  const end = d.sale.end ? zonedInstant(d.sale.end, d.timeZone) : null;
  return (!start || start.getTime() <= now.getTime()) && (!end || end.getTime() > now.getTime());
}
