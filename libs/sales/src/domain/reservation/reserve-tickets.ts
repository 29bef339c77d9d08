import { RuleViolations, type RuleViolation } from '@ticketing/kernel';
import type { AdditionalService, OfferedCategory, PromoCode, PurchaseOffer } from '@ticketing/catalog/contracts';
import { CATEGORY_NOT_SALEABLE, isSoldOut, type HoldSeats, type InventoryLimits } from '../inventory/hold-seats.js';
import { isMandatory, mandatoryServices } from '../pricing/mandatory-services.js';
import { priceReservation } from '../pricing/price-reservation.js';
import { linkItemsToTickets } from './link-items.js';
import type { ReservationOpened, ReservedService, ReservedTicket } from './reservation.events.js';

export interface SelectedCategory {
  readonly categoryId: number;
  readonly quantity: number;
  /** Per attendee, by index. */
  readonly metadata: readonly Readonly<Record<string, string>>[];
}

export interface SelectedService {
  readonly serviceId: number;
  readonly quantity: number;
  /** Minor units the buyer chose (donations, custom amounts), or null. */
  readonly amount: number | null;
}

/** `POST /event/{e}/reserve-tickets`, with what the edge already knows: ids, time, the captcha's answer. */
export interface ReserveTickets {
  readonly reservationId: string;
  /** Fresh ids, at least one per ticket asked for; the unused ones are dropped. */
  readonly ticketIds: readonly string[];
  readonly eventShortName: string;
  readonly language: string;
  readonly selection: readonly SelectedCategory[];
  readonly services: readonly SelectedService[];
  readonly promoCode: string | null;
  /** null when no captcha is asked for; false when the buyer's answer failed verification. */
  readonly captchaPassed: boolean | null;
  readonly ownerUserId: string | null;
  readonly now: Date;
  /** Minutes the reservation holds its seats instead of the event's (a seat offered to a waiting-list subscriber). */
  readonly validityMinutes?: number;
  /** Restricted categories the buyer reached through the category's own code link (`/event/{e}/code/{code}`). */
  readonly unlockedCategoryIds?: readonly number[];
  /**
   * Categories the read side shows with no seat left (soldOutCategories), refused at step 6 like one off sale. Given
   * only to decide again a selection refused for a reason the reference checks after that step (a code, the captcha,
   * access, payment): the seats themselves are the inventory's to grant or refuse, atomically with the hold.
   */
  readonly soldOutCategoryIds?: readonly number[];
}

/** What a reservation asks of the world: its first event and the hold the inventory must grant with it. */
export interface ReservationPlan {
  readonly opened: ReservationOpened;
  readonly hold: HoldSeats;
}

export const reserveErrors = {
  codeNotFound: 'error.STEP_1_CODE_NOT_FOUND',
  captchaFailed: 'error.STEP_2_CAPTCHA_VALIDATION_FAILED',
  selectAtLeastOne: 'error.STEP_1_SELECT_AT_LEAST_ONE',
  overMaximum: 'error.STEP_1_OVER_MAXIMUM',
  mustBeSaleable: CATEGORY_NOT_SALEABLE,
  accessRestricted: 'error.STEP_1_ACCESS_RESTRICTED',
  notCompatible: 'error.STEP_1_CATEGORIES_NOT_COMPATIBLE',
} as const;

/** Global errors carry the form's name as alf.io's binder does (reference 1.2). */
const FORM = 'reservationForm';
const violation = (code: string, args: readonly unknown[] = []): RuleViolation => ({ code, field: FORM, args });

/**
 * Checks a ticket selection in the reference's order (3.2, item 12) and plans the reservation: its
 * tickets, supplements (mandatory ones added) each linked to a ticket, prices, validity and the hold.
 * Availability and a code's remaining uses are the inventory's: it grants or refuses the hold atomically
 * with the append.
 */
export function decideReserveTickets(command: ReserveTickets, offer: PurchaseOffer): ReservationPlan {
  const violations: RuleViolation[] = [];
  // 1. a code that does not count is an error, but the other checks still run
  if (command.promoCode !== null && !offer.code?.usable) violations.push(violation(reserveErrors.codeNotFound));
  // 2. the captcha, when asked for
  if (command.captchaPassed === false) violations.push(violation(reserveErrors.captchaFailed));

  const selection = mergeLines(command.selection.filter((line) => line.quantity > 0));
  // 3.
  if (selection.length === 0) throw new RuleViolations([...violations, violation(reserveErrors.selectAtLeastOne)]);

  const categories = new Map(offer.categories.map((c) => [c.category.id, c]));
  // 4.
  for (const line of selection) {
    const max = categories.get(line.categoryId)?.maxPerReservation ?? offer.event.maxTicketsPerReservation;
    if (line.quantity > max) throw new RuleViolations([...violations, violation(reserveErrors.overMaximum, [max])]);
  }
  // 5. every category belongs to the event, every chosen service can be had in that quantity
  const ticketCount = selection.reduce((sum, line) => sum + line.quantity, 0);
  const services = new Map(offer.services.map((s) => [s.service.id, s]));
  // the buyer never picks mandatory supplements: they come with every reservation
  const chosen = mergeServices(
    command.services.filter((s) => {
      const offered = services.get(s.serviceId);
      return s.quantity > 0 && !(offered && isMandatory(offered.service));
    }),
  );
  const unknownCategory = selection.some((line) => !categories.has(line.categoryId));
  const badService = chosen.some((s) => {
    const offered = services.get(s.serviceId);
    return !offered || !offered.onSale || !serviceQuantityAllowed(offered.service, s, ticketCount);
  });
  if (unknownCategory || badService) throw new RuleViolations([...violations, violation(reserveErrors.mustBeSaleable)]);
  // 6. each category on sale now, and not sold out (as far as the caller knows: see soldOutCategoryIds)
  const offered = selection.map((line) => categories.get(line.categoryId) as OfferedCategory);
  const soldOut = new Set(command.soldOutCategoryIds ?? []);
  if (offered.some((c) => !c.onSale || soldOut.has(c.category.id))) violations.push(violation(reserveErrors.mustBeSaleable));
  // errors so far (a bad code, the captcha, a category off sale) mean no reservation is attempted at all
  if (violations.length > 0) throw new RuleViolations(violations);
  // 7. what creating the reservation would find: access, then (below) payment and the seats themselves
  const unlocked = new Set(command.unlockedCategoryIds ?? []);
  if (offered.some((c) => !c.accessible && !unlocked.has(c.category.id))) throw new RuleViolations([violation(reserveErrors.accessRestricted)]);

  const code = offer.code?.usable ? offer.code.found : null;
  const tickets = reservedTickets(command, selection);
  const mandatory = mandatoryServices(offer.services.filter((s) => s.onSale).map((s) => s.service), ticketCount);
  const reservedServices: ReservedService[] = [
    ...mandatory.map((m) => ({ serviceId: m.service.id, quantity: m.quantity, amount: null, mandatory: true })),
    ...chosen.map((s) => ({ ...s, mandatory: false })),
  ];
  const serviceById = (id: number) => services.get(id)?.service as AdditionalService;
  const price = priceReservation({
    currency: offer.event.currency,
    vatPercentage: offer.event.vatPercentage,
    vatIncluded: offer.event.vatIncluded,
    tickets: tickets.map((t) => ({ categoryId: t.categoryId, price: categories.get(t.categoryId)!.category.price })),
    code: code?.type === 'DISCOUNT' ? code : null,
    services: reservedServices.map((s) => ({ service: serviceById(s.serviceId), quantity: s.quantity, amount: s.amount })),
  });
  if (price.requiresPayment && offer.event.allowedPaymentProxies.length === 0) throw new RuleViolations([violation(reserveErrors.notCompatible)]);

  const validityMinutes = command.validityMinutes ?? offer.event.reservationValidityMinutes;
  const validUntil = new Date(command.now.getTime() + validityMinutes * 60_000).toISOString();
  const opened: ReservationOpened = {
    type: 'ReservationOpened',
    data: {
      reservationId: command.reservationId,
      eventShortName: command.eventShortName,
      language: command.language,
      validUntil,
      promoCode: code?.code ?? null,
      tickets,
      additionalServices: reservedServices,
      price,
      itemLinks: linkItemsToTickets(price.items, tickets),
      ownerUserId: command.ownerUserId,
    },
  };
  const hold: HoldSeats = {
    eventShortName: command.eventShortName,
    reservationId: command.reservationId,
    tickets: selection.map((line) => ({ categoryId: line.categoryId, quantity: line.quantity })),
    services: reservedServices.map((s) => ({ serviceId: s.serviceId, quantity: s.quantity })),
    codeUse: code && code.maxUsage !== null ? { code: code.code, uses: usesOf(code, selection) } : null,
    expiresAt: validUntil,
    limits: inventoryLimits(offer, code),
    opening: opened.data,
  };
  return { opened, hold };
}

/** One line per service: a service sent twice counts once against its limits, with both quantities (the first amount). */
function mergeServices(lines: readonly SelectedService[]): SelectedService[] {
  const merged = new Map<number, SelectedService>();
  for (const line of lines) {
    const seen = merged.get(line.serviceId);
    merged.set(line.serviceId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/** One line per category: a category sent twice counts once against its maximum, with both quantities. */
function mergeLines(lines: readonly SelectedCategory[]): SelectedCategory[] {
  const merged = new Map<number, SelectedCategory>();
  for (const line of lines) {
    const seen = merged.get(line.categoryId);
    merged.set(line.categoryId, seen ? { ...seen, quantity: seen.quantity + line.quantity, metadata: [...seen.metadata, ...line.metadata] } : line);
  }
  return [...merged.values()];
}

function reservedTickets(command: ReserveTickets, selection: readonly SelectedCategory[]): ReservedTicket[] {
  const tickets: ReservedTicket[] = [];
  for (const line of selection) {
    for (let i = 0; i < line.quantity; i++) {
      const ticketId = command.ticketIds[tickets.length];
      // the edge makes at most a thousand ids: no reservation holds more tickets than that
      if (!ticketId) throw new RuleViolations([violation(reserveErrors.overMaximum, [command.ticketIds.length])]);
      tickets.push({ ticketId, categoryId: line.categoryId, metadata: line.metadata[i] ?? {} });
    }
  }
  return tickets;
}

/** Supplement quantity rules (reference 5.1, SupplementPolicy); a custom amount must be given and within bounds. */
function serviceQuantityAllowed(service: AdditionalService, chosen: SelectedService, ticketCount: number): boolean {
  if (!service.fixPrice) {
    if (chosen.amount === null || chosen.amount < 0) return false;
    if (service.minPrice !== null && chosen.amount < service.minPrice) return false;
    if (service.maxPrice !== null && chosen.amount > service.maxPrice) return false;
  }
  if (service.type === 'DONATION') return chosen.quantity === 1;
  switch (service.supplementPolicy) {
    case 'OPTIONAL_MAX_AMOUNT_PER_TICKET':
      return chosen.quantity <= ticketCount * service.maxQtyPerOrder;
    case 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION':
      return chosen.quantity <= service.maxQtyPerOrder;
    case 'OPTIONAL_UNLIMITED_AMOUNT':
      return true;
    default:
      return false;
  }
}

/** A limited code is used once per ticket it applies to. */
function usesOf(code: PromoCode, selection: readonly SelectedCategory[]): number {
  return selection
    .filter((line) => code.categoryIds.length === 0 || code.categoryIds.includes(line.categoryId))
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** The refusals the reference gives at a step after the sold-out check (6): a selection refused with one is decided again knowing what is sold out. */
const AFTER_STEP_6: ReadonlySet<string> = new Set([reserveErrors.codeNotFound, reserveErrors.captchaFailed, reserveErrors.accessRestricted, reserveErrors.notCompatible]);

/** Whether the reference would have checked the selection's sold-out categories before refusing it with these. */
export const refusedAfterSoldOutCheck = (violations: readonly RuleViolation[]): boolean => violations.some((v) => AFTER_STEP_6.has(v.code));

/** The offer's categories with no seat left, by the seats taken of each (a read model's figures; the inventory decides on its stream). */
export function soldOutCategories(offer: PurchaseOffer, takenByCategory: ReadonlyMap<number, number>): number[] {
  const limits = inventoryLimits(offer, null);
  return offer.categories.map((c) => c.category.id).filter((id) => isSoldOut(id, limits, takenByCategory));
}

function inventoryLimits(offer: PurchaseOffer, code: PromoCode | null): InventoryLimits {
  return {
    categoryCapacity: new Map(offer.categories.map((c) => [c.category.id, c.category.capacityId])),
    capacitySize: new Map(offer.capacities.map((c) => [c.id, c.size])),
    totalSeats: offer.totalSeats,
    // a mandatory supplement is part of what a ticket or the reservation costs, not a stock: its quantity (999 when
    // the catalog states none) would otherwise stop the sale with seats left
    serviceQuantity: new Map(offer.services.map((s) => [s.service.id, isMandatory(s.service) ? Number.POSITIVE_INFINITY : s.service.availableQuantity])),
    codeMaxUsage: code?.maxUsage ?? null,
  };
}
