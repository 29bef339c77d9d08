import type { ReservationForm, ReservationFormAdditionalServiceAnyOfItem } from '@ticketing/api-client';
import type { AdditionalService, ItemsByCategory, TicketCategory } from '../../../api/catalog-queries';

/**
 * What the visitor picked on the event page, and the option rules of spec 5 that bound it. Pure: the
 * components show what these answer and the reserve call sends `reservationForm(...)`.
 */
export interface Selection {
  /** Tickets per category id. */
  readonly tickets: Readonly<Record<number, number>>;
  /** Quantity per fixed-price supplement or donation id. */
  readonly quantities: Readonly<Record<number, number>>;
  /** Custom amount per donation id, as typed (currency units, e.g. "12.50"). */
  readonly amounts: Readonly<Record<number, string>>;
}

export const EMPTY_SELECTION: Selection = { tickets: {}, quantities: {}, amounts: {} };

/** Spec 9: a supplement whose quantity is not known counts as 999 available. */
export const UNKNOWN_QUANTITY = 999;

/** 0, 1, ... max. */
export const quantityOptions = (max: number): number[] => Array.from({ length: Math.max(0, Math.floor(max)) + 1 }, (_, i) => i);

/** A category takes a quantity when it is on sale now and has tickets left for this order. */
export const isSelectable = (c: TicketCategory): boolean =>
  !c.expired && !c.saleInFuture && c.saleableAndLimitNotReached && c.maximumSaleableTickets > 0;

export type ServiceMode =
  /** Booked automatically with the tickets: shown as included, never chosen. */
  | 'included'
  /** Sold out, not on sale yet, or sale over. */
  | 'unavailable'
  /** Fixed price: a quantity select. */
  | 'quantity'
  /** Custom amount (donations): a number input. */
  | 'amount';

export function serviceMode(s: AdditionalService): ServiceMode {
  if (s.supplementPolicy?.startsWith('MANDATORY_')) return 'included';
  if (s.availableQuantity === 0 || s.saleInFuture || s.expired) return 'unavailable';
  return s.fixPrice ? 'quantity' : 'amount';
}

const known = (n: number | null | undefined): number => (typeof n === 'number' && n > 0 ? n : UNKNOWN_QUANTITY);

/**
 * Spec 5: per ticket, up to (tickets chosen x maxQtyPerOrder) capped by what is left; per reservation or with
 * no policy, up to the lower of maxQtyPerOrder and what is left.
 */
export function maxServiceQuantity(s: AdditionalService, ticketCount: number): number {
  const available = known(s.availableQuantity);
  if (s.supplementPolicy === 'OPTIONAL_MAX_AMOUNT_PER_TICKET') return Math.min(ticketCount * known(s.maxQtyPerOrder), available);
  return Math.min(known(s.maxQtyPerOrder), available);
}

/** The chosen quantity of a category, never above what it offers now (a reload may have lowered it). */
export const ticketQuantity = (selection: Selection, c: TicketCategory): number =>
  isSelectable(c) ? Math.min(selection.tickets[c.id] ?? 0, c.maximumSaleableTickets) : 0;

export const ticketCount = (selection: Selection, categories: readonly TicketCategory[]): number =>
  categories.reduce((sum, c) => sum + ticketQuantity(selection, c), 0);

/** The chosen quantity of a fixed-price service, bounded by its rule for the tickets chosen now. */
export const serviceQuantity = (selection: Selection, s: AdditionalService, tickets: number): number =>
  serviceMode(s) === 'quantity' ? Math.min(selection.quantities[s.id] ?? 0, maxServiceQuantity(s, tickets)) : 0;

/**
 * The server's grammar of an amount (AMOUNT_TEXT in libs/kernel, which the storefront may not import): digits,
 * optionally a point and digits, at most 16 on either side; no sign, exponent or grouping.
 */
const AMOUNT_TEXT = /^\d{1,16}(\.\d{1,16})?$/;

/**
 * A typed custom amount (spec 5) as the server reads it: the trimmed text (a decimal comma read as a point), sent
 * as text, since a number would go out as JSON prints it (0.0000001 as 1e-7, which the server refuses); null when
 * empty or outside the server's grammar.
 */
export function parseAmount(text: string | undefined): string | null {
  const trimmed = text?.trim().replace(',', '.') ?? '';
  return AMOUNT_TEXT.test(trimmed) ? trimmed : null;
}

/** The lines of `reservation`: only categories with tickets chosen. */
export function ticketLines(selection: Selection, categories: readonly TicketCategory[]): { ticketCategoryId: number; amount: number }[] {
  return categories.map((c) => ({ ticketCategoryId: c.id, amount: ticketQuantity(selection, c) })).filter((line) => line.amount > 0);
}

/**
 * The body of reserve-tickets (public-api.md 3.2 item 12). Spec 5: only additional-service rows with a
 * positive quantity or amount are sent; a custom amount goes as `amount` with quantity 1. `captcha`: the solved
 * reCAPTCHA's token where the event asks for one (reference 1.4), else null.
 */
export function reservationForm(
  selection: Selection,
  items: Pick<ItemsByCategory, 'ticketCategories' | 'additionalServices'>,
  promoCode: string | null,
  captcha: string | null = null,
): ReservationForm {
  const tickets = ticketCount(selection, items.ticketCategories);
  const additionalService = items.additionalServices.flatMap((s): ReservationFormAdditionalServiceAnyOfItem[] => {
    const mode = serviceMode(s);
    if (mode === 'quantity') {
      const quantity = serviceQuantity(selection, s, tickets);
      return quantity > 0 ? [{ additionalServiceId: s.id, quantity, amount: null }] : [];
    }
    if (mode === 'amount') {
      const amount = parseAmount(selection.amounts[s.id]);
      // positive: a digit other than 0
      return amount && /[1-9]/.test(amount) ? [{ additionalServiceId: s.id, quantity: 1, amount }] : [];
    }
    return [];
  });
  return { reservation: ticketLines(selection, items.ticketCategories), additionalService, promoCode, captcha };
}
