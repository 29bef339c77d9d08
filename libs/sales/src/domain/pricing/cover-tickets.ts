import { sumMinor } from '@ticketing/kernel';
import type { AppliedSubscriptionRow, CodeSummaryRow, LinePrice, ReservationPrice, TicketPrice, TotalPrice } from './reservation-price.js';
import { grossOf, vatOf } from './vat-rule.js';
import { vatSubtotals } from './vat-subtotals.js';

/** A pass paying for some of an order's tickets (apply-code). */
export interface TicketCover {
  readonly subscriptionId: string;
  /** The pass's title per language, for the order summary's row. */
  readonly title: Readonly<Record<string, string>>;
  /** Indexes into the price's tickets, each at most once. */
  readonly ticketIndexes: readonly number[];
}

/**
 * The price of an order once a pass pays for some of its tickets (reference 6: "applied discount = ... + price of
 * tickets covered by an applied subscription"), derived from the price without the pass, so that removing the pass
 * gives that price back exactly:
 * - a covered ticket's whole list price becomes its discount (a code's discount on it is absorbed: the pass pays
 *   what was left); its VAT is 0;
 * - fees and supplements stay as they were priced (the pass pays for entries, not for extras);
 * - a reservation-wide amount stays, never more than what is left to discount;
 * - VAT once per rate again; the code's row shows only what the code still takes off (on what the pass left), and
 *   an APPLIED_SUBSCRIPTION row the covered tickets' list prices: the rows add up to the total.
 */
export function coverTickets(base: ReservationPrice, cover: TicketCover): ReservationPrice {
  const covered = new Set(cover.ticketIndexes);
  if (covered.size !== cover.ticketIndexes.length || cover.ticketIndexes.some((i) => !Number.isInteger(i) || i < 0 || i >= base.tickets.length)) {
    throw new RangeError(`not tickets of the order: ${cover.ticketIndexes.join(', ')}`);
  }
  const tickets: TicketPrice[] = base.tickets.map((ticket, index) => (covered.has(index) ? { ...ticket, ...freeLine(ticket) } : ticket));
  const taxable = [
    ...tickets.map((t) => ({ taxable: t.srcPrice - t.discount, vatRule: t.vatRule, discountable: true })),
    ...base.items.map((i) => ({ taxable: i.srcPrice - i.discount, vatRule: i.vatRule, discountable: i.serviceType !== 'DONATION' })),
  ];
  const reservationDiscount = Math.min(base.reservationDiscount, sumMinor(taxable.filter((l) => l.discountable).map((l) => l.taxable)));
  const subtotals = vatSubtotals(taxable, reservationDiscount);
  const lines: LinePrice[] = [...tickets, ...base.items];
  // the whole list price: the code's discount on a covered ticket is absorbed (not in the code's row), so the rows
  // add up to the total only when the pass's row carries all of it
  const passDiscount = sumMinor(cover.ticketIndexes.map((i) => base.tickets[i]!.srcPrice));
  const codeDiscount = sumMinor([...tickets.filter((_, i) => !covered.has(i)).map((t) => t.discount), ...base.items.map((i) => i.discount), reservationDiscount]);
  const totals: TotalPrice = {
    ...base.totals,
    priceWithVat: sumMinor(subtotals.map((s) => s.gross)),
    vat: sumMinor(subtotals.map((s) => s.vat)),
    discount: 0 - sumMinor([...lines.map((line) => line.discount), reservationDiscount]),
    discountAppliedCount: codeAppliedCount(base, covered, codeDiscount),
  };
  const row: AppliedSubscriptionRow = {
    type: 'APPLIED_SUBSCRIPTION',
    subscriptionId: cover.subscriptionId,
    title: cover.title,
    quantity: covered.size,
    unitPrice: covered.size === 0 ? 0 : Math.round(passDiscount / covered.size),
    subtotal: passDiscount,
    taxPercentage: null,
  };
  const summary = [
    ...base.summary.map((r) => (r.type === 'PROMOTION_CODE' ? codeRow(r, codeDiscount, totals.discountAppliedCount) : r)),
    ...(covered.size > 0 ? [row] : []),
  ];
  return { ...base, tickets, reservationDiscount, totals, vatSubtotals: subtotals, requiresPayment: totals.priceWithVat > 0, summary };
}

/**
 * What the pass paid for each ticket it covers (ticket index -> minor units), as coverTickets counts the pass's row:
 * the ticket's list price (a code's discount on it is absorbed).
 */
export function passPaidPerTicket(base: ReservationPrice, ticketIndexes: readonly number[]): Map<number, number> {
  return new Map(ticketIndexes.flatMap((i) => (base.tickets[i] ? [[i, base.tickets[i].srcPrice] as const] : [])));
}

function freeLine(line: LinePrice): Pick<LinePrice, 'discount' | 'vat' | 'finalPrice'> {
  const vat = vatOf(0, line.vatRule);
  return { discount: line.srcPrice, vat, finalPrice: grossOf(0, vat, line.vatRule) };
}

function codeRow(row: CodeSummaryRow, codeDiscount: number, quantity: number): CodeSummaryRow {
  return { ...row, subtotal: 0 - codeDiscount, quantity };
}

/** The code's row quantity on what the pass left: tickets still discounted for a fixed amount each, else once. */
function codeAppliedCount(base: ReservationPrice, covered: ReadonlySet<number>, codeDiscount: number): number {
  const code = base.summary.find((r): r is CodeSummaryRow => r.type === 'PROMOTION_CODE');
  if (!code || codeDiscount === 0) return 0;
  if (code.discountType === 'FIXED_AMOUNT') return base.tickets.filter((t, i) => !covered.has(i) && t.discount > 0).length;
  return 1;
}
