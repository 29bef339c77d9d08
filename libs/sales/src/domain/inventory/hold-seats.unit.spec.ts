import { describe, expect, it } from 'vitest';
import { decideHolds, decideRelease, decideReturnSetAside, decideReturnTicket, decideSettle, HOLD_LOST, type HoldSeats, type InventoryLimits } from './hold-seats.js';
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
  decideHolds(initialInventoryState(), requests).eventsByRequest.flat().reduce((s, e) => evolveInventory(s, e), initialInventoryState());

describe('decideHolds', () => {
  it('grants in arrival order until a shared capacity is full, then refuses whole requests', () => {
    const { eventsByRequest, outcomes } = decideHolds(initialInventoryState(), [hold('a', [[1, 2]]), hold('b', [[2, 2]]), hold('c', [[2, 1]])]);
    const events = eventsByRequest.flat();
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
    expect(outcomes).toEqual([{ held: true }, { held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
  });

  it('refuses a category with no seat left as not saleable (reference step 6), and one with too few as not enough (step 7)', () => {
    // the hall has 1 seat left of 3: two of its categories are short of seats, not sold out
    const state = given(hold('a', [[1, 2]]));
    expect(decideHolds(state, [hold('b', [[2, 2]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' }]);
    expect(decideHolds(state, [hold('b', [[2, 1]]), hold('c', [[1, 1]]), hold('d', [[2, 3]])]).outcomes).toEqual([{ held: true }, { held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }, { held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
    // a sold-out category among others refuses the request as not saleable, even where another line is only short
    const full = given(hold('a', [[1, 3]]));
    expect(decideHolds(full, [hold('b', [[3, 9], [2, 1]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
    expect(decideHolds(full, [hold('b', [[3, 3]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' }]);
    // the event's total reached: every category is sold out, an unbounded one too
    expect(decideHolds(given(hold('a', [[1, 3]]), hold('b', [[3, 2]])), [hold('c', [[3, 1]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
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
      { held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' },
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
    const { eventsByRequest, outcomes } = decideHolds(state, [hold('a', [[1, 1]]), hold('b', [[1, 1]]), hold('b', [[1, 1]])]);
    const events = eventsByRequest.flat();
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

describe('seats set aside for the waiting list', () => {
  const now = new Date('2100-01-01T00:00:00Z');
  const setAside = (waiting: number, holdIds = ['w1', 'w2', 'w3']) => ({ waiting, holdIds, expiresAt: '2027-01-01T10:02:00.000Z' });
  const apply = (state: InventoryState, events: readonly InventoryEvent[]) => events.reduce((s, e) => evolveInventory(s, e), state);
  const cancel = (reservationId: string, waiting?: number) => ({
    eventShortName: 'gala',
    reservationId,
    reason: 'CANCELLED' as const,
    now,
    ...(waiting === undefined ? {} : { setAside: setAside(waiting) }),
  });
  const kinds = (events: readonly InventoryEvent[]) =>
    events.map((e) => (e.type === 'HoldReleased' ? `released ${e.data.reservationId} ${e.data.reason}` : `held ${e.data.reservationId}${'forWaitingList' in e.data ? ' for the list' : ''}`));

  it('keeps one seat per subscriber waiting, each a hold of one seat of its category that expires, and no more than there are ids', () => {
    const state = given(hold('a', [[1, 2], [3, 1]]));
    const events = decideRelease(state, cancel('a', 2));
    expect(kinds(events)).toEqual(['released a CANCELLED', 'held w2 for the list', 'held w3 for the list']);
    expect(events[1]!.data).toEqual({
      eventShortName: 'gala',
      reservationId: 'w2',
      tickets: [{ categoryId: 1, quantity: 1 }],
      services: [],
      codeUse: null,
      expiresAt: '2027-01-01T10:02:00.000Z',
      forWaitingList: true,
    });
    expect(kinds(decideRelease(state, { ...cancel('a'), setAside: setAside(5, ['only']) }))).toEqual(['released a CANCELLED', 'held only for the list']);
    expect(kinds(decideRelease(state, cancel('a')))).toEqual(['released a CANCELLED']);
  });

  it('counts the seats already kept, and never sets aside a set-aside seat again when it goes', () => {
    let state = given(hold('a', [[1, 1]]), hold('b', [[1, 1]]));
    state = apply(state, decideRelease(state, cancel('a', 2)));
    expect(kinds(decideRelease(state, cancel('b', 2)))).toEqual(['released b CANCELLED', 'held w3 for the list']);
    expect(kinds(decideRelease(state, cancel('b', 1)))).toEqual(['released b CANCELLED']);
    expect(kinds(decideRelease(state, { ...cancel('w2', 3), reason: 'EXPIRED' }))).toEqual(['released w2 EXPIRED']);
  });

  it('takes set-aside seats from buyers; an offer takes one of its category, else of its capacity, each seat once', () => {
    // the hall (3 seats, categories 1 and 2) is full: one seat sold on, two of category 1 kept for the list
    let state = given(hold('a', [[1, 2]]), hold('b', [[2, 1]]));
    state = apply(state, decideRelease(state, cancel('a', 2)));
    expect(decideHolds(state, [hold('buyer', [[1, 1]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
    expect(decideHolds(state, [hold('buyer', [[2, 1]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);

    const offer = (id: string, categoryId: number) => hold(id, [[categoryId, 1]], { fromWaitingList: true });
    const { outcomes, eventsByRequest } = decideHolds(state, [offer('o1', 2), offer('o2', 1), offer('o3', 1)]);
    expect(outcomes).toEqual([{ held: true }, { held: true }, { held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
    expect(eventsByRequest.map(kinds)).toEqual([['released w2 HANDED_OVER', 'held o1'], ['released w3 HANDED_OVER', 'held o2'], []]);
    state = apply(state, eventsByRequest.flat());
    expect(state.takenByCategory.get(1)).toBe(1);
    expect(state.takenByCategory.get(2)).toBe(2);
    expect([...state.holds.values()].some((h) => h.forWaitingList)).toBe(false);
  });

  it("an offer of a category only the event's total limits takes any set-aside seat when the total is reached", () => {
    // total 5: hall full (3) and two unbounded seats; one hall seat comes back and is kept for the list
    let state = given(hold('a', [[1, 1]]), hold('b', [[2, 2]]), hold('c', [[3, 2]]));
    state = apply(state, decideRelease(state, cancel('a', 1)));
    expect(decideHolds(state, [hold('buyer', [[3, 1]])]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE' }]);
    const { eventsByRequest } = decideHolds(state, [hold('o1', [[3, 1]], { fromWaitingList: true })]);
    expect(eventsByRequest.map(kinds)).toEqual([['released w3 HANDED_OVER', 'held o1']]);
  });

  it('an offer takes a free seat like any hold when nothing is set aside', () => {
    const { eventsByRequest } = decideHolds(initialInventoryState(), [hold('o1', [[1, 1]], { fromWaitingList: true })]);
    expect(eventsByRequest.map(kinds)).toEqual([['held o1']]);
  });

  it('returns every set-aside seat to sale', () => {
    let state = given(hold('a', [[1, 2]]), hold('b', [[2, 1]]));
    state = apply(state, decideRelease(state, cancel('a', 2)));
    const returned = decideReturnSetAside(state, 'gala');
    expect(kinds(returned)).toEqual(['released w2 RETURNED', 'released w3 RETURNED']);
    state = apply(state, returned);
    expect(decideHolds(state, [hold('buyer', [[1, 2]])]).outcomes).toEqual([{ held: true }]);
    expect(decideReturnSetAside(state, 'gala')).toEqual([]);
  });
});

describe('decideReturnTicket', () => {
  const sold = (): InventoryState => {
    const state = given(hold('a', [[1, 1]]), hold('b', [[2, 1], [3, 2]]));
    for (const e of [...decideSettle(state, { eventShortName: 'gala', reservationId: 'b', settlement: { kind: 'sell' } })]) evolveInventory(state, e);
    return state;
  };
  const ret = (categoryId: number, reservationId = 'b') => ({ eventShortName: 'gala', reservationId, ticketId: 't-1', categoryId });

  it('puts one sold seat of the category back on sale, and the rest of the sale stands', () => {
    const state = sold();
    const events = decideReturnTicket(state, ret(3));
    expect(events).toEqual([{ type: 'TicketReturned', data: ret(3) }]);
    for (const e of events) evolveInventory(state, e);
    expect(state.takenByCategory.get(3)).toBe(1);
    expect(state.holds.get('b')?.tickets).toEqual([{ categoryId: 2, quantity: 1 }, { categoryId: 3, quantity: 1 }]);
    // the freed seat of the shared hall can be held again
    for (const e of decideReturnTicket(state, ret(2))) evolveInventory(state, e);
    expect(decideHolds(state, [hold('c', [[2, 1]])]).outcomes).toEqual([{ held: true }]);
  });

  it('keeps the seat for the waiting list when more people wait than seats are set aside already', () => {
    const state = sold();
    const setAside = { waiting: 1, holdIds: ['w-1'], expiresAt: '2027-01-01T11:00:00.000Z' };
    const events = decideReturnTicket(state, { ...ret(3), setAside });
    expect(events).toEqual([
      { type: 'TicketReturned', data: ret(3) },
      { type: 'SeatsHeld', data: { eventShortName: 'gala', reservationId: 'w-1', tickets: [{ categoryId: 3, quantity: 1 }], services: [], codeUse: null, expiresAt: setAside.expiresAt, forWaitingList: true } },
    ]);
    for (const e of events) evolveInventory(state, e);
    // one person waits and one seat is kept already: the next seat goes back on sale
    expect(decideReturnTicket(state, { ...ret(3), setAside: { ...setAside, holdIds: ['w-2'] } })).toEqual([{ type: 'TicketReturned', data: ret(3) }]);
  });

  it('ends the sale with the order\'s last ticket: what else it took goes back too', () => {
    const state = given(hold('d', [[3, 2]], { services: [{ serviceId: 7, quantity: 1 }], codeUse: { code: 'FRIENDS', uses: 2 } }));
    for (const e of decideSettle(state, { eventShortName: 'gala', reservationId: 'd', settlement: { kind: 'sell' } })) evolveInventory(state, e);
    const first = decideReturnTicket(state, ret(3, 'd'));
    expect(first.map((e) => e.type)).toEqual(['TicketReturned']);
    for (const e of first) evolveInventory(state, e);
    const last = decideReturnTicket(state, ret(3, 'd'));
    expect(last).toEqual([
      { type: 'TicketReturned', data: ret(3, 'd') },
      { type: 'HoldReleased', data: { eventShortName: 'gala', reservationId: 'd', reason: 'CANCELLED', tickets: [], services: [{ serviceId: 7, quantity: 1 }], codeUse: { code: 'FRIENDS', uses: 2 } } },
    ]);
    for (const e of last) evolveInventory(state, e);
    expect(state.holds.has('d')).toBe(false);
    expect([state.takenByCategory.get(3), state.takenByService.get(7), state.usesByCode.get('FRIENDS')]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a hold not sold yet, a category the order has no seat of left, and an unknown order', () => {
    const state = sold();
    expect(() => decideReturnTicket(state, ret(1, 'a'))).toThrow(HOLD_LOST);
    expect(() => decideReturnTicket(state, ret(1))).toThrow(HOLD_LOST);
    for (const e of decideReturnTicket(state, ret(2))) evolveInventory(state, e);
    expect(() => decideReturnTicket(state, ret(2))).toThrow(HOLD_LOST);
    expect(() => decideReturnTicket(state, ret(2, 'z'))).toThrow(HOLD_LOST);
  });
});
