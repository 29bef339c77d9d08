import type { AdditionalService, AdditionalServiceType, DiscountType, PromoCode } from '@ticketing/catalog/contracts';
import type { VatRule } from './vat-rule.js';

/** All amounts are integer minor units of `currency` (CHF 10.50 = 1050, JPY 1000 = 1000). */

export interface TicketToPrice {
  readonly categoryId: number;
  /** The category's list price: gross when the event's VAT is included, net otherwise. */
  readonly price: number;
}

export interface ServiceSelection {
  readonly service: AdditionalService;
  /**
   * Items of this service. A custom-amount service (fixPrice false, e.g. a donation) gives `quantity` items
   * of `amount` each (normally 1); a percentage-policy fee is always one item whatever the quantity (0 = none).
   */
  readonly quantity: number;
  /** The buyer's amount for fixPrice false, clamped to the service's min/max; ignored for fixed prices. */
  readonly amount: number | null;
}

export interface PriceReservationInput {
  readonly currency: string;
  readonly vatPercentage: number;
  readonly vatIncluded: boolean;
  /** One entry per ticket, in reservation order. */
  readonly tickets: readonly TicketToPrice[];
  /** Already checked usable (window, uses left) by the caller; null = none. */
  readonly code: PromoCode | null;
  /** What the reservation holds, mandatory services included (see mandatoryServices). */
  readonly services: readonly ServiceSelection[];
}

/** One ticket or item as stored: src_price_cts, discount_cts, vat_cts, final_price_cts. */
export interface LinePrice {
  /** The list price (or the computed fee, or the donated amount). */
  readonly srcPrice: number;
  /** This line's own discount (>= 0); a reservation-wide discount is in the totals only. */
  readonly discount: number;
  /** VAT of this line alone; the totals recompute VAT once per rate, so their sum may differ by rounding. */
  readonly vat: number;
  /** What the buyer pays for this line before a reservation-wide discount. */
  readonly finalPrice: number;
  readonly vatRule: VatRule;
}

export interface TicketPrice extends LinePrice {
  readonly categoryId: number;
}

export interface ItemPrice extends LinePrice {
  readonly serviceId: number;
  readonly serviceType: AdditionalServiceType;
  /** MANDATORY_ONE_FOR_TICKET items belong to one ticket (index in `tickets`); others to the reservation. */
  readonly ticketIndex: number | null;
}

/** alf.io's TotalPrice. */
export interface TotalPrice {
  /** What the buyer pays (gross). */
  readonly priceWithVat: number;
  readonly vat: number;
  /** Negative or 0: every discount the buyer got, item-level and reservation-wide. */
  readonly discount: number;
  /** Quantity of the discount row: tickets discounted (FIXED_AMOUNT), else 1 when any discount applied. */
  readonly discountAppliedCount: number;
  readonly currency: string;
}

/** VAT of one rate, computed once on the rate's aggregated taxable amount: what an invoice lists per rate. */
export interface VatSubtotal {
  readonly vatRule: VatRule;
  /** After every discount; gross for INCLUDED, net for NOT_INCLUDED. */
  readonly taxable: number;
  readonly vat: number;
  /** What the buyer pays for this rate. */
  readonly gross: number;
  /** The share of a reservation-wide discount this rate took (>= 0). */
  readonly reservationDiscount: number;
}

/** Order-summary rows in minor units; names and text are the read side's (see summary-row-text.ts). */
export type PriceSummaryRow = TicketSummaryRow | ServiceSummaryRow | CodeSummaryRow | AppliedSubscriptionRow;

export interface TicketSummaryRow {
  readonly type: 'TICKET';
  readonly categoryId: number;
  readonly quantity: number;
  /** List price of one ticket (before discount, as alf.io's getSummarySrcPriceCts). */
  readonly unitPrice: number;
  readonly subtotal: number;
  /** The VAT rate of the row, null when no VAT applies. */
  readonly taxPercentage: number | null;
}

export interface ServiceSummaryRow {
  readonly type: 'ADDITIONAL_SERVICE';
  readonly serviceId: number;
  readonly serviceType: AdditionalServiceType;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly subtotal: number;
  readonly taxPercentage: number | null;
}

export interface CodeSummaryRow {
  readonly type: 'PROMOTION_CODE';
  readonly code: string;
  readonly discountType: Exclude<DiscountType, 'NONE'>;
  /** Percent for PERCENTAGE, minor units otherwise (the row's price reads "-10%" or "-5.00"). */
  readonly unitDiscount: number;
  readonly quantity: number;
  /** Negative: the discount actually applied. */
  readonly subtotal: number;
  readonly taxPercentage: null;
}

/** What a pass paid (apply-code): shown with a leading "-" on the wire, as alf.io does. */
export interface AppliedSubscriptionRow {
  readonly type: 'APPLIED_SUBSCRIPTION';
  readonly subscriptionId: string;
  /** The pass's title per language. */
  readonly title: Readonly<Record<string, string>>;
  /** Tickets it paid for. */
  readonly quantity: number;
  /** What it paid per ticket, >= 0 (their mean when the tickets' prices differ). */
  readonly unitPrice: number;
  /** What it paid in all, >= 0. */
  readonly subtotal: number;
  readonly taxPercentage: null;
}

export interface ReservationPrice {
  readonly currency: string;
  readonly tickets: readonly TicketPrice[];
  readonly items: readonly ItemPrice[];
  /** Sum of every line's srcPrice (reservation src_price_cts). */
  readonly srcPrice: number;
  /** The reservation-wide (FIXED_AMOUNT_RESERVATION) discount actually applied, >= 0. */
  readonly reservationDiscount: number;
  readonly totals: TotalPrice;
  readonly vatSubtotals: readonly VatSubtotal[];
  /** priceWithVat > 0. */
  readonly requiresPayment: boolean;
  readonly summary: readonly PriceSummaryRow[];
}

/** The order holds a supplement item that was paid for (alf.io's hasPaidSupplements): no ticket of it may be given back. */
export function hasPaidSupplement(price: Pick<ReservationPrice, 'items'>): boolean {
  return price.items.some((item) => item.serviceType === 'SUPPLEMENT' && item.finalPrice > 0);
}
