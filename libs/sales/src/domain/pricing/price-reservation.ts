import type { AdditionalService, PromoCode } from '@ticketing/catalog/contracts';
import { DomainError, minorUnits, sumMinor } from '@ticketing/kernel';
import { discountCode, isPercentagePolicy, serviceDiscount, ticketDiscount } from './item-discount.js';
import { percentageFee, withinBounds } from './mandatory-services.js';
import { orderSummaryRows } from './order-summary-rows.js';
import type { ItemPrice, LinePrice, PriceReservationInput, ReservationPrice, ServiceSelection, TicketPrice, TotalPrice } from './reservation-price.js';
import { eventVatRule, grossOf, serviceVatRule, vatOf, type VatRule } from './vat-rule.js';
import { vatSubtotals, type TaxableLine } from './vat-subtotals.js';

/**
 * The price of a reservation (reference 6), pure: the same input always gives the same figures.
 *
 * 1. Tickets: list price, the code's per-ticket discount (FIXED_AMOUNT capped at the price, PERCENTAGE
 *    rounded half up) when the code names the ticket's category or none.
 * 2. Services, in the order alf.io books them: MANDATORY_PERCENTAGE_FOR_TICKET fees on the tickets; then
 *    fixed-price supplements (a PERCENTAGE code lowers them too), custom amounts and donations (never
 *    discounted); then MANDATORY_PERCENTAGE_RESERVATION fees on tickets + supplements + the fees before
 *    them (donations are gifts, not sales: no fee on them). A base is the sum of srcPrice - discount,
 *    i.e. prices as listed (gross for INCLUDED, net for NOT_INCLUDED); each fee is clamped to min/max.
 * 3. A FIXED_AMOUNT_RESERVATION code takes its amount once off everything but donations, never more
 *    than there is: the total never goes negative and the discount reported is the one applied.
 * 4. VAT once per rate on the aggregated taxable amount (vat-subtotals.ts); totals are the sums.
 *
 * Mandatory services are not added here: the caller adds them with mandatoryServices (it knows which are
 * on sale now; the domain reads no clock), and this function prices whatever the reservation holds.
 *
 * A code restricted to another currency is refused with error.STEP_1_CODE_NOT_FOUND on `promoCode`, the
 * answer alf.io gives for a code that does not apply to the event.
 */
export function priceReservation(input: PriceReservationInput): ReservationPrice {
  refuseForeignCurrency(input.code, input.currency);
  const code = discountCode(input.code);
  const eventRule = eventVatRule(input.vatIncluded, input.vatPercentage);

  const tickets: TicketPrice[] = input.tickets.map(({ categoryId, price }) => ({
    categoryId,
    ...linePrice(minorUnits(price), ticketDiscount(price, categoryId, code), eventRule),
  }));
  const items = priceServices(input.services, tickets, code, eventRule);

  const taxable: TaxableLine[] = [
    ...tickets.map((ticket) => ({ taxable: taxableOf(ticket), vatRule: ticket.vatRule, discountable: true })),
    ...items.map((item) => ({ taxable: taxableOf(item), vatRule: item.vatRule, discountable: item.serviceType !== 'DONATION' })),
  ];
  const discountableTotal = sumMinor(taxable.filter((line) => line.discountable).map((line) => line.taxable));
  const reservationDiscount = code?.discountType === 'FIXED_AMOUNT_RESERVATION' ? Math.min(Math.max(0, code.discountAmount), discountableTotal) : 0;
  const subtotals = vatSubtotals(taxable, reservationDiscount);

  const lines = [...tickets, ...items];
  const totals: TotalPrice = {
    priceWithVat: sumMinor(subtotals.map((s) => s.gross)),
    vat: sumMinor(subtotals.map((s) => s.vat)),
    // 0 - x rather than -x: no discount is 0, not -0.
    discount: 0 - sumMinor([...lines.map((line) => line.discount), reservationDiscount]),
    discountAppliedCount: discountAppliedCount(code, tickets, lines, reservationDiscount),
    currency: input.currency,
  };
  return {
    currency: input.currency,
    tickets,
    items,
    srcPrice: sumMinor(lines.map((line) => line.srcPrice)),
    reservationDiscount,
    totals,
    vatSubtotals: subtotals,
    requiresPayment: totals.priceWithVat > 0,
    summary: orderSummaryRows(tickets, items, code, totals),
  };
}

function refuseForeignCurrency(code: PromoCode | null, currency: string): void {
  if (code?.currency && code.currency.toUpperCase() !== currency.toUpperCase()) {
    throw new DomainError('error.STEP_1_CODE_NOT_FOUND', 'promoCode');
  }
}

type Phase = 'FEE_ON_TICKETS' | 'ITEMS' | 'FEE_ON_RESERVATION';
const phases: readonly Phase[] = ['FEE_ON_TICKETS', 'ITEMS', 'FEE_ON_RESERVATION'];

function phaseOf(service: AdditionalService): Phase {
  if (service.supplementPolicy === 'MANDATORY_PERCENTAGE_FOR_TICKET') return 'FEE_ON_TICKETS';
  if (service.supplementPolicy === 'MANDATORY_PERCENTAGE_RESERVATION') return 'FEE_ON_RESERVATION';
  return 'ITEMS';
}

/** Priced phase by phase (each fee sees the base of the phases before it), returned in the input's order. */
function priceServices(selections: readonly ServiceSelection[], tickets: readonly TicketPrice[], code: PromoCode | null, eventRule: VatRule): ItemPrice[] {
  const priced = new Map<number, ItemPrice[]>();
  let base = sumMinor(tickets.map(taxableOf));
  for (const phase of phases) {
    const phaseBase = base;
    selections.forEach((selection, index) => {
      if (phaseOf(selection.service) !== phase) return;
      const items = priceSelection(selection, phaseBase, tickets.length, code, eventRule);
      priced.set(index, items);
      base += sumMinor(items.filter((item) => item.serviceType !== 'DONATION').map(taxableOf));
    });
  }
  return selections.flatMap((_, index) => priced.get(index) ?? []);
}

function priceSelection(
  { service, quantity, amount }: ServiceSelection,
  base: number,
  ticketCount: number,
  code: PromoCode | null,
  eventRule: VatRule,
): ItemPrice[] {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`not a quantity: ${quantity}`);
  const vatRule = serviceVatRule(service, eventRule);
  const item = (srcPrice: number, discount: number, ticketIndex: number | null): ItemPrice => ({
    serviceId: service.id,
    serviceType: service.type,
    ticketIndex,
    ...linePrice(srcPrice, discount, vatRule),
  });
  if (isPercentagePolicy(service)) return quantity === 0 ? [] : [item(percentageFee(base, service), 0, null)];
  if (service.fixPrice) {
    const perTicket = service.supplementPolicy === 'MANDATORY_ONE_FOR_TICKET';
    return Array.from({ length: quantity }, (_, i) =>
      item(service.price, serviceDiscount(service.price, service, code), perTicket && i < ticketCount ? i : null),
    );
  }
  if (amount === null) throw new RangeError(`service ${service.id} takes the buyer's amount and none was given`);
  const custom = withinBounds(Math.max(0, minorUnits(amount)), service);
  return Array.from({ length: quantity }, () => item(custom, 0, null));
}

function linePrice(srcPrice: number, discount: number, vatRule: VatRule): LinePrice {
  if (srcPrice < 0) throw new RangeError(`a price cannot be negative: ${srcPrice}`);
  const taxable = srcPrice - discount;
  const vat = vatOf(taxable, vatRule);
  return { srcPrice, discount, vat, finalPrice: grossOf(taxable, vat, vatRule), vatRule };
}

function taxableOf(line: LinePrice): number {
  return line.srcPrice - line.discount;
}

/**
 * The quantity of the discount row (alf.io's ReservationCostCalculator): a fixed amount per ticket shows
 * "-5.00 x tickets discounted"; a percentage shows "-10%" once; a reservation-wide amount once.
 */
function discountAppliedCount(code: PromoCode | null, tickets: readonly TicketPrice[], lines: readonly LinePrice[], reservationDiscount: number): number {
  switch (code?.discountType) {
    case 'FIXED_AMOUNT':
      return tickets.filter((ticket) => ticket.discount > 0).length;
    case 'PERCENTAGE':
      return lines.some((line) => line.discount > 0) ? 1 : 0;
    case 'FIXED_AMOUNT_RESERVATION':
      return reservationDiscount > 0 ? 1 : 0;
    default:
      return 0;
  }
}
