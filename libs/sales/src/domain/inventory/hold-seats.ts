import { DomainError } from '@ticketing/kernel';
import { withoutOneSeat, type ActiveHold, type InventoryState } from './inventory.js';
import type { ReservationOpened } from '../reservation/reservation.events.js';
import type { CodeUse, HoldExtended, HoldReleased, HoldReleaseReason, SeatsHeld, SeatsSold, ServiceLine, TicketLine, TicketReturned } from './inventory.events.js';

/** The catalog's limits at the time of the request: what the inventory counts against. */
export interface InventoryLimits {
  /** Category id -> the capacity it sells from (null: unbounded, only the event's total limits it). A category not listed sells nothing. */
  readonly categoryCapacity: ReadonlyMap<number, number | null>;
  /** Capacity id -> seats. */
  readonly capacitySize: ReadonlyMap<number, number>;
  /** The event's cap over all categories, or null. */
  readonly totalSeats: number | null;
  /** Additional service id -> items available in total (Infinity: no stock, as for a mandatory supplement). */
  readonly serviceQuantity: ReadonlyMap<number, number>;
  /** The usage limit of the request's code (null: unlimited). */
  readonly codeMaxUsage: number | null;
}

export interface HoldSeats {
  readonly eventShortName: string;
  readonly reservationId: string;
  readonly tickets: readonly TicketLine[];
  readonly services: readonly ServiceLine[];
  readonly codeUse: CodeUse | null;
  readonly expiresAt: string;
  readonly limits: InventoryLimits;
  /**
   * A reservation offered to a waiting-list subscriber (one ticket): it takes over a seat set aside for the
   * waiting list in its category when there is one, else it needs a free seat like any other.
   */
  readonly fromWaitingList?: true;
  /** The reservation the hold opens (SeatsHeld.opening). */
  readonly opening?: ReservationOpened['data'];
}

/** Some seats of the categories asked for are left, fewer than asked (reference 3.2, item 12, step 7). */
export const NOT_ENOUGH_TICKETS = 'error.STEP_1_NOT_ENOUGH_TICKETS';
/** A category asked for is not saleable: no seat of it is left at all (sold out), or the offer does not sell it (reference 3.2, item 12, steps 5-6). */
export const CATEGORY_NOT_SALEABLE = 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE';
export const DISCOUNT_CODE_USAGE_EXCEEDED = 'error.STEP2_DISCOUNT_CODE_USAGE_EXCEEDED';
export type SeatsRefusal = typeof NOT_ENOUGH_TICKETS | typeof CATEGORY_NOT_SALEABLE;
export type HoldRefusal = SeatsRefusal | typeof DISCOUNT_CODE_USAGE_EXCEEDED;
/** The refusals that say the seats are gone (not the code's uses): what a buyer waits out, or a pass reads as sold out. */
export const isSeatsRefusal = (code: string): code is SeatsRefusal => code === NOT_ENOUGH_TICKETS || code === CATEGORY_NOT_SALEABLE;
export type HoldOutcome = { readonly held: true } | { readonly held: false; readonly code: HoldRefusal };

/**
 * Decides a batch of holds in arrival order against one state: each is granted whole or refused whole,
 * and a granted one counts against the ones after it. Many requests, one decision, one append: under an
 * on-sale rush this is what keeps throughput from collapsing into retries. `eventsByRequest` holds each
 * request's events: its SeatsHeld, preceded by the HoldReleased of the set-aside seat it takes over.
 */
export function decideHolds(
  state: InventoryState,
  requests: readonly HoldSeats[],
): { eventsByRequest: (SeatsHeld | HoldReleased)[][]; outcomes: HoldOutcome[] } {
  const taken = new Map(state.takenByCategory);
  const services = new Map(state.takenByService);
  const uses = new Map(state.usesByCode);
  const seen = new Set<string>();
  const handedOver = new Set<string>();
  const eventsByRequest: (SeatsHeld | HoldReleased)[][] = [];
  const outcomes: HoldOutcome[] = [];

  for (const request of requests) {
    if (state.holds.has(request.reservationId) || seen.has(request.reservationId)) {
      outcomes.push({ held: true }); // the same reservation asked twice: it already holds its seats
      eventsByRequest.push([]);
      continue;
    }
    const setAside = request.fromWaitingList ? setAsideSeatFor(state, request, handedOver) : undefined;
    if (setAside) add(taken, setAside.hold.tickets, -1);
    const refusal = refusalOf(request, taken, services, uses);
    if (refusal) {
      if (setAside) add(taken, setAside.hold.tickets, 1);
      outcomes.push({ held: false, code: refusal });
      eventsByRequest.push([]);
      continue;
    }
    add(taken, request.tickets, 1);
    for (const line of request.services) services.set(line.serviceId, (services.get(line.serviceId) ?? 0) + line.quantity);
    if (request.codeUse) uses.set(request.codeUse.code, (uses.get(request.codeUse.code) ?? 0) + request.codeUse.uses);
    seen.add(request.reservationId);
    outcomes.push({ held: true });
    const held: SeatsHeld = {
      type: 'SeatsHeld',
      data: {
        eventShortName: request.eventShortName,
        reservationId: request.reservationId,
        tickets: request.tickets,
        services: request.services,
        codeUse: request.codeUse,
        expiresAt: request.expiresAt,
        ...(request.opening ? { opening: request.opening } : {}),
      },
    };
    if (!setAside) {
      eventsByRequest.push([held]);
      continue;
    }
    handedOver.add(setAside.holdId);
    eventsByRequest.push([released(request.eventShortName, setAside.holdId, 'HANDED_OVER', setAside.hold), held]);
  }
  return { eventsByRequest, outcomes };
}

function add(taken: Map<number, number>, lines: readonly TicketLine[], sign: 1 | -1): void {
  for (const line of lines) taken.set(line.categoryId, (taken.get(line.categoryId) ?? 0) + sign * line.quantity);
}

/**
 * A seat set aside for the waiting list that the request's one ticket can take over, not yet handed over in
 * this batch: one of its own category first, else one whose category draws on the same capacity, else (for a
 * category only the event's total limits) any.
 */
function setAsideSeatFor(state: InventoryState, request: HoldSeats, handedOver: ReadonlySet<string>): { holdId: string; hold: ActiveHold } | undefined {
  const [line, ...others] = request.tickets;
  if (!line || others.length > 0 || line.quantity !== 1) return undefined;
  const capacityOf = (categoryId: number) => request.limits.categoryCapacity.get(categoryId) ?? null;
  const wanted = capacityOf(line.categoryId);
  let best: { holdId: string; hold: ActiveHold; rank: number } | undefined;
  for (const [holdId, hold] of state.holds) {
    if (!hold.forWaitingList || handedOver.has(holdId)) continue;
    const categoryId = hold.tickets[0]!.categoryId;
    const rank = categoryId === line.categoryId ? 0 : wanted !== null && capacityOf(categoryId) === wanted ? 1 : wanted === null ? 2 : 3;
    if (rank < 3 && (!best || rank < best.rank)) best = { holdId, hold, rank };
    if (rank === 0) break;
  }
  return best;
}

function released(eventShortName: string, reservationId: string, reason: HoldReleaseReason, hold: ActiveHold): HoldReleased {
  return { type: 'HoldReleased', data: { eventShortName, reservationId, reason, tickets: hold.tickets, services: hold.services, codeUse: hold.codeUse } };
}

function refusalOf(
  request: HoldSeats,
  taken: ReadonlyMap<number, number>,
  services: ReadonlyMap<number, number>,
  uses: ReadonlyMap<string, number>,
): HoldRefusal | null {
  const { limits } = request;
  const wanted = new Map<number, number>();
  let wantedTotal = 0;
  for (const line of request.tickets) {
    if (!limits.categoryCapacity.has(line.categoryId)) return CATEGORY_NOT_SALEABLE;
    const capacity = limits.categoryCapacity.get(line.categoryId) ?? null;
    if (capacity !== null) wanted.set(capacity, (wanted.get(capacity) ?? 0) + line.quantity);
    wantedTotal += line.quantity;
  }
  // step 6 before step 7, as alf.io checks each category's saleability before it takes seats: a category with no
  // seat left is sold out, whatever the quantity
  for (const line of request.tickets) if (line.quantity > 0 && isSoldOut(line.categoryId, limits, taken)) return CATEGORY_NOT_SALEABLE;
  for (const [capacity, quantity] of wanted) {
    if (usedOf(capacity, limits, taken) + quantity > (limits.capacitySize.get(capacity) ?? 0)) return NOT_ENOUGH_TICKETS;
  }
  if (limits.totalSeats !== null && usedTotal(taken) + wantedTotal > limits.totalSeats) return NOT_ENOUGH_TICKETS;
  const wantedServices = new Map<number, number>();
  for (const line of request.services) wantedServices.set(line.serviceId, (wantedServices.get(line.serviceId) ?? 0) + line.quantity);
  for (const [serviceId, quantity] of wantedServices) {
    if ((services.get(serviceId) ?? 0) + quantity > (limits.serviceQuantity.get(serviceId) ?? 0)) return NOT_ENOUGH_TICKETS;
  }
  if (request.codeUse && limits.codeMaxUsage !== null && (uses.get(request.codeUse.code) ?? 0) + request.codeUse.uses > limits.codeMaxUsage) {
    return DISCOUNT_CODE_USAGE_EXCEEDED;
  }
  return null;
}

function usedOf(capacity: number, limits: InventoryLimits, taken: ReadonlyMap<number, number>): number {
  let used = 0;
  for (const [categoryId, capacityOfCategory] of limits.categoryCapacity) if (capacityOfCategory === capacity) used += taken.get(categoryId) ?? 0;
  return used;
}

function usedTotal(taken: ReadonlyMap<number, number>): number {
  let used = 0;
  for (const quantity of taken.values()) used += quantity;
  return used;
}

/** No seat of the category is left: its capacity is all taken, or the event's total is reached (an unbounded category too). */
export function isSoldOut(categoryId: number, limits: InventoryLimits, taken: ReadonlyMap<number, number>): boolean {
  if (limits.totalSeats !== null && usedTotal(taken) >= limits.totalSeats) return true;
  const capacity = limits.categoryCapacity.get(categoryId) ?? null;
  return capacity !== null && usedOf(capacity, limits, taken) >= (limits.capacitySize.get(capacity) ?? 0);
}

export interface ReleaseHold {
  readonly eventShortName: string;
  readonly reservationId: string;
  readonly reason: HoldReleaseReason;
  /** An EXPIRED release happens only once the hold's own expiry has passed at this instant. */
  readonly now: Date;
  /** Subscribers wait for this event: seats that come back are kept for them (see SetAsideForWaitingList). */
  readonly setAside?: SetAsideForWaitingList;
}

/**
 * Keeps released seats from sale for the waiting list until the list's next offer hands them over (alf.io's
 * pre-reserved tickets): without it a buyer who happens to ask between the release and the offer takes them
 * past everyone waiting. One seat per subscriber, less the seats already set aside; each one a hold of one
 * seat of its category, owned by no reservation, that expires like any hold.
 */
export interface SetAsideForWaitingList {
  /** Subscribers waiting for a seat of this event. */
  readonly waiting: number;
  /**
   * Fresh ids for the set-aside holds, one per seat that may be set aside (no more seats than ids are kept),
   * made for this one release: a release decided again after a conflict must never name a hold another
   * release already set aside and gave up.
   */
  readonly holdIds: readonly string[];
  readonly expiresAt: string;
}

/**
 * Lets a hold go; nothing when it is not held (already released, or never granted): releasing twice changes
 * nothing. Sold seats are never released here, and an expiry never releases a hold before its own deadline:
 * the decision rests on the inventory's state, not on a read model that may lag behind it. With `setAside`,
 * the released seats go to the waiting list first (SetAsideForWaitingList).
 */
export function decideRelease(state: InventoryState, command: ReleaseHold): (HoldReleased | SeatsHeld)[] {
  const hold = state.holds.get(command.reservationId);
  if (!hold || hold.expiresAt === null) return [];
  if (command.reason === 'EXPIRED' && Date.parse(hold.expiresAt) > command.now.getTime()) return [];
  const events: (HoldReleased | SeatsHeld)[] = [released(command.eventShortName, command.reservationId, command.reason, hold)];
  if (!command.setAside || hold.forWaitingList) return events;
  const { waiting, holdIds, expiresAt } = command.setAside;
  let alreadySetAside = 0;
  for (const other of state.holds.values()) if (other.forWaitingList) alreadySetAside++;
  let seats = Math.min(waiting - alreadySetAside, holdIds.length);
  for (const line of hold.tickets) {
    for (let i = 0; i < line.quantity && seats > 0; i++, seats--) {
      events.push({
        type: 'SeatsHeld',
        data: {
          eventShortName: command.eventShortName,
          reservationId: holdIds[holdIds.length - seats]!,
          tickets: [{ categoryId: line.categoryId, quantity: 1 }],
          services: [],
          codeUse: null,
          expiresAt,
          forWaitingList: true,
        },
      });
    }
  }
  return events;
}

/** Every seat set aside for the waiting list goes back on sale (nobody waiting is left to take it). */
export function decideReturnSetAside(state: InventoryState, eventShortName: string): HoldReleased[] {
  const events: HoldReleased[] = [];
  for (const [holdId, hold] of state.holds) if (hold.forWaitingList) events.push(released(eventShortName, holdId, 'RETURNED', hold));
  return events;
}

export type Settlement = { readonly kind: 'extend'; readonly expiresAt: string } | { readonly kind: 'sell' };

export interface SettleHold {
  readonly eventShortName: string;
  readonly reservationId: string;
  readonly settlement: Settlement;
}

/** The hold is gone (expired and released meanwhile): the order cannot go on with seats it no longer has. */
export const HOLD_LOST = 'error.STEP2_UNABLE_TO_TRANSITION';

/**
 * A reservation moves on: its hold waits for a bank transfer until a new deadline, or becomes a sale. Selling
 * twice changes nothing; a hold that is no longer there is refused, never re-taken (the seats may be someone
 * else's by now).
 */
export function decideSettle(state: InventoryState, command: SettleHold): (HoldExtended | SeatsSold)[] {
  const hold = state.holds.get(command.reservationId);
  if (!hold) throw new DomainError(HOLD_LOST, 'reservationForm');
  const { eventShortName, reservationId, settlement } = command;
  if (settlement.kind === 'sell') return hold.expiresAt === null ? [] : [{ type: 'SeatsSold', data: { eventShortName, reservationId } }];
  if (hold.expiresAt === null || hold.expiresAt === settlement.expiresAt) return [];
  return [{ type: 'HoldExtended', data: { eventShortName, reservationId, expiresAt: settlement.expiresAt } }];
}

export interface ReturnTicket {
  readonly eventShortName: string;
  readonly reservationId: string;
  readonly ticketId: string;
  readonly categoryId: number;
  /** Subscribers wait for this event: the seat is kept for them first, as a released hold's (SetAsideForWaitingList). */
  readonly setAside?: SetAsideForWaitingList;
}

/**
 * A sold ticket given back by its holder: its seat goes back on sale, or to the waiting list first when subscribers
 * wait for more seats than are set aside already. Only from a sale (a hold still waiting for payment is released
 * whole, never ticket by ticket) that still counts a seat of the ticket's category. The order's last ticket ends
 * its sale (HoldReleased, CANCELLED: what else it took, supplements and a code's use, goes back too), as alf.io
 * removes an order whose last ticket was released (reference 35).
 */
export function decideReturnTicket(state: InventoryState, command: ReturnTicket): (TicketReturned | HoldReleased | SeatsHeld)[] {
  const hold = state.holds.get(command.reservationId);
  const seats = hold?.tickets.find((line) => line.categoryId === command.categoryId)?.quantity ?? 0;
  if (!hold || hold.expiresAt !== null || seats === 0) throw new DomainError(HOLD_LOST);
  const { setAside, ...returned } = command;
  const events: (TicketReturned | HoldReleased | SeatsHeld)[] = [{ type: 'TicketReturned', data: returned }];
  const left = withoutOneSeat(hold.tickets, command.categoryId);
  if (left.length === 0) events.push(released(command.eventShortName, command.reservationId, 'CANCELLED', { ...hold, tickets: left }));
  if (!setAside) return events;
  let alreadySetAside = 0;
  for (const other of state.holds.values()) if (other.forWaitingList) alreadySetAside++;
  const holdId = setAside.holdIds[0];
  if (holdId === undefined || setAside.waiting <= alreadySetAside) return events;
  events.push({
    type: 'SeatsHeld',
    data: {
      eventShortName: command.eventShortName,
      reservationId: holdId,
      tickets: [{ categoryId: command.categoryId, quantity: 1 }],
      services: [],
      codeUse: null,
      expiresAt: setAside.expiresAt,
      forWaitingList: true,
    },
  });
  return events;
}
