import { describe, expect, it } from 'vitest';
import { decideHolds, decideRelease, type HoldSeats, type InventoryLimits } from './hold-seats.js';
import { evolveInventory, initialInventoryState, type InventoryState } from './inventory.js';
import type { InventoryEvent } from './inventory.events.js';

// Hall (capacity 1) of 3 seats shared by categories 1 and 2; category 3 unbounded; the event caps at 5.
const limits: InventoryLimits = {
  categoryCapacity: new Map<number, number | null>([
    [1, 1],
    [2, 1],
    [3, null],
  ]),
  capacitySize: new Map([[1, 3]]),
  totalSeats: 5,
  serviceQuantity: new Map([[7, 2]]),
  codeMaxUsage: 2,
};

const hold = (reservationId: string, tickets: [number, number][], extra: Partial<HoldSeats> = {}): HoldSeats => ({
  eventShortName: 'gala',
  reservationId,
  tickets: tickets.map(([categoryId, quantity]) => ({ categoryId, quantity })),
  services: [],
  codeUse: null,
  expiresAt: '2027-01-01T10:25:00.000Z',
  limits,
  ...extra,
});

const given = (...requests: HoldSeats[]): InventoryState =>
  decideHolds(initialInventoryState(), requests).events.reduce((s, e) => evolveInventory(s, e), initialInventoryState());

describe('decideHolds', () => {
  it('grants in arrival order until a shared capacity is full, then refuses whole requests', () => {
    const { events, outcomes } = decideHolds(initialInventoryState(), [hold('a', [[1, 2]]), hold('b', [[2, 2]]), hold('c', [[2, 1]])]);
    expect(outcomes).toEqual([{ held: true }, { held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' }, { held: true }]);
    expect(events.map((e) => e.data.reservationId)).toEqual(['a', 'c']);
    expect(events[0]).toEqual({
      type: 'SeatsHeld',
      data: { eventShortName: 'gala', reservationId: 'a', tickets: [{ categoryId: 1, quantity: 2 }], services: [], codeUse: null, expiresAt: '2027-01-01T10:25:00.000Z' },
    });
  });

  it("counts unbounded categories against the event's total only", () => {
    const state = given(hold('a', [[1, 3]]));
    const { outcomes } = decideHolds(state, [hold('b', [[3, 2]]), hold('c', [[3, 1]])]);
    expect(outcomes).toEqual([{ held: true }, { held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' }]);
  });

  it('refuses a category the catalog does not sell, supplements beyond their quantity, and a code past its uses', () => {
    const state = given(hold('a', [[3, 1]], { codeUse: { code: 'SAVE', uses: 1 } }));
    const { outcomes } = decideHolds(state, [
      hold('b', [[9, 1]]),
      hold('c', [[3, 1]], { services: [{ serviceId: 7, quantity: 3 }] }),
      hold('d', [[3, 2]], { codeUse: { code: 'SAVE', uses: 2 } }),
      hold('e', [[3, 1]], { codeUse: { code: 'SAVE', uses: 1 } }),
    ]);
    expect(outcomes).toEqual([
      { held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' },
      { held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' },
      { held: false, code: 'error.STEP2_DISCOUNT_CODE_USAGE_EXCEEDED' },
      { held: true },
    ]);
  });

  it('counts a supplement sent on several lines once against its quantity', () => {
    const { outcomes } = decideHolds(initialInventoryState(), [hold('a', [[3, 1]], { services: [{ serviceId: 7, quantity: 2 }, { serviceId: 7, quantity: 1 }] })]);
    expect(outcomes).toEqual([{ held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' }]);
  });

  it('treats the same reservation asked twice as already held', () => {
    const state = given(hold('a', [[1, 1]]));
    const { events, outcomes } = decideHolds(state, [hold('a', [[1, 1]]), hold('b', [[1, 1]]), hold('b', [[1, 1]])]);
    expect(outcomes).toEqual([{ held: true }, { held: true }, { held: true }]);
    expect(events).toHaveLength(1);
  });
});

describe('decideRelease', () => {
  it('returns what the hold took, once', () => {
    let state = given(hold('a', [[1, 2]], { services: [{ serviceId: 7, quantity: 1 }], codeUse: { code: 'SAVE', uses: 2 } }));
    const events = decideRelease(state, { eventShortName: 'gala', reservationId: 'a', reason: 'EXPIRED', now: new Date('2100-01-01T00:00:00Z') });
    expect(events).toEqual([
      {
        type: 'HoldReleased',
        data: {
          eventShortName: 'gala',
          reservationId: 'a',
          reason: 'EXPIRED',
          tickets: [{ categoryId: 1, quantity: 2 }],
          services: [{ serviceId: 7, quantity: 1 }],
          codeUse: { code: 'SAVE', uses: 2 },
        },
      },
    ]);
    state = events.reduce((s, e: InventoryEvent) => evolveInventory(s, e), state);
    expect(state.takenByCategory.size + state.takenByService.size + state.usesByCode.size).toBe(0);
    expect(decideRelease(state, { eventShortName: 'gala', reservationId: 'a', reason: 'EXPIRED', now: new Date('2100-01-01T00:00:00Z') })).toEqual([]);
    expect(decideHolds(state, [hold('b', [[1, 3]])]).outcomes).toEqual([{ held: true }]);
  });

  it('never expires a hold before its own deadline, nor a sold one, whatever a read model said', () => {
    const state = given(hold('a', [[1, 2]]));
    const expiresAt = state.holds.get('a')!.expiresAt!;
    const justBefore = new Date(Date.parse(expiresAt) - 1);
    expect(decideRelease(state, { eventShortName: 'gala', reservationId: 'a', reason: 'EXPIRED', now: justBefore })).toEqual([]);
    expect(decideRelease(state, { eventShortName: 'gala', reservationId: 'a', reason: 'CANCELLED', now: justBefore })).toHaveLength(1);
    evolveInventory(state, { type: 'SeatsSold', data: { eventShortName: 'gala', reservationId: 'a' } });
    expect(decideRelease(state, { eventShortName: 'gala', reservationId: 'a', reason: 'EXPIRED', now: new Date('2100-01-01T00:00:00Z') })).toEqual([]);
    expect(decideRelease(state, { eventShortName: 'gala', reservationId: 'a', reason: 'CANCELLED', now: justBefore })).toEqual([]);
  });
});
