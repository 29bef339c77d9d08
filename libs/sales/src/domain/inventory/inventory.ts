import type { CodeUse, InventoryEvent, ServiceLine, TicketLine } from './inventory.events.js';

export interface ActiveHold {
  readonly tickets: readonly TicketLine[];
  readonly services: readonly ServiceLine[];
  readonly codeUse: CodeUse | null;
  /** Null once sold: a sale never expires. */
  readonly expiresAt: string | null;
  /** Set aside for the waiting list (SeatsHeld.forWaitingList): one seat, owned by no reservation. */
  readonly forWaitingList: boolean;
}

/** What an event's inventory has given out: active holds and the totals they add up to. */
export interface InventoryState {
  readonly holds: Map<string, ActiveHold>;
  readonly takenByCategory: Map<number, number>;
  readonly takenByService: Map<number, number>;
  readonly usesByCode: Map<string, number>;
}

export function initialInventoryState(): InventoryState {
  return { holds: new Map(), takenByCategory: new Map(), takenByService: new Map(), usesByCode: new Map() };
}

function add<K>(map: Map<K, number>, key: K, delta: number): void {
  const next = (map.get(key) ?? 0) + delta;
  if (next === 0) map.delete(key);
  else map.set(key, next);
}

function count(state: InventoryState, hold: ActiveHold, sign: 1 | -1): void {
  for (const line of hold.tickets) add(state.takenByCategory, line.categoryId, sign * line.quantity);
  for (const line of hold.services) add(state.takenByService, line.serviceId, sign * line.quantity);
  if (hold.codeUse) add(state.usesByCode, hold.codeUse.code, sign * hold.codeUse.uses);
}

/** The lines of a sale once one seat of the category went back (a line down to zero disappears). */
export function withoutOneSeat(lines: readonly TicketLine[], categoryId: number): TicketLine[] {
  return lines.flatMap((line) => (line.categoryId !== categoryId ? [line] : line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : []));
}

/**
 * Folds one event into the state. The state of a busy event holds thousands of holds and is folded once
 * per event, so evolve updates it in place and returns it: the state belongs to one owner (a desk or a
 * test) that never keeps an older version around.
 */
export function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  switch (event.type) {
    case 'SeatsHeld': {
      const { reservationId, tickets, services, codeUse, expiresAt } = event.data;
      if (state.holds.has(reservationId)) return state;
      const hold: ActiveHold = { tickets, services, codeUse, expiresAt, forWaitingList: event.data.forWaitingList === true };
      state.holds.set(reservationId, hold);
      count(state, hold, 1);
      return state;
    }
    case 'HoldReleased': {
      const hold = state.holds.get(event.data.reservationId);
      if (!hold) return state;
      state.holds.delete(event.data.reservationId);
      count(state, hold, -1);
      return state;
    }
    case 'HoldExtended':
    case 'SeatsSold': {
      const hold = state.holds.get(event.data.reservationId);
      if (!hold) return state;
      state.holds.set(event.data.reservationId, { ...hold, expiresAt: event.type === 'SeatsSold' ? null : event.data.expiresAt });
      return state;
    }
    case 'TicketReturned': {
      const { reservationId, categoryId } = event.data;
      const hold = state.holds.get(reservationId);
      if (!hold) return state;
      state.holds.set(reservationId, { ...hold, tickets: withoutOneSeat(hold.tickets, categoryId) });
      add(state.takenByCategory, categoryId, -1);
      return state;
    }
  }
}
