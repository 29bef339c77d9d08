// Pricing of a reservation: pure, integer minor units, one rounding rule (the kernel's money.ts).
export { priceReservation } from './price-reservation.js';
export { mandatoryServices, withMandatoryServices, isMandatory, percentageFee, withinBounds } from './mandatory-services.js';
export { discountCode, discountOn, ticketDiscount, serviceDiscount, isPercentagePolicy } from './item-discount.js';
export { eventVatRule, serviceVatRule, vatOf, grossOf, noVat, type VatMode, type VatRule } from './vat-rule.js';
export { vatSubtotals, type TaxableLine } from './vat-subtotals.js';
export { coverTickets, passPaidPerTicket, type TicketCover } from './cover-tickets.js';
export { orderSummaryRows, summaryRowVatRule, summaryWithout } from './order-summary-rows.js';
export { summaryRowText, paymentDescription, type SummaryRowText, type SummaryTextFormat } from './summary-row-text.js';
export type {
  PriceReservationInput,
  TicketToPrice,
  ServiceSelection,
  ReservationPrice,
  LinePrice,
  TicketPrice,
  ItemPrice,
  TotalPrice,
  VatSubtotal,
  PriceSummaryRow,
  TicketSummaryRow,
  ServiceSummaryRow,
  CodeSummaryRow,
  AppliedSubscriptionRow,
} from './reservation-price.js';
