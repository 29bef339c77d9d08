import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, eventStoreMigrations, WrongExpectedRevisionError, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { HoldSeats, InventoryLimits } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { InventoryDesk } from './inventory-desk.js';

const NOT_ENOUGH = 'error.STEP_1_NOT_ENOUGH_TICKETS';
const SOLD_OUT = 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE';

const limits: InventoryLimits = {
  categoryCapacity: new Map([[1, 1]]),
  capacitySize: new Map([[1, 50]]),
  totalSeats: null,
  serviceQuantity: new Map(),
  codeMaxUsage: null,
};

const request = (reservationId: string): HoldSeats => ({
  eventShortName: 'rush',
  reservationId,
  tickets: [{ categoryId: 1, quantity: 1 }],
  services: [],
  codeUse: null,
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
  limits,
});

describe('InventoryDesk', () => {
  let database: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase('desk');
    await migrate(database.db, eventStoreMigrations);
    store = createPostgresEventStore(database.db);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('two desks on one log (two API processes) never grant more than the capacity, and record every grant with its reservation', async () => {
    const desks = [new InventoryDesk(store), new InventoryDesk(store)];
    const ids = Array.from({ length: 300 }, () => crypto.randomUUID());
    const results = await Promise.all(
      ids.map((id, i) =>
        desks[i % 2]!.hold(request(id), provenance(id, 'test', new Date()), (outcome) =>
          outcome.held ? [{ streamId: `reservation-${id}`, events: [{ type: 'ReservationOpened', data: { reservationId: id }, metadata: provenance(id, 'test', new Date()) }], expectedRevision: 'no_stream' }] : [],
        ),
      ),
    );
    const granted = ids.filter((_, i) => results[i]!.outcome.held);
    expect(granted).toHaveLength(50);
    // each refused while the category was sold out: the batches fill it exactly, none is left short
    expect(results.filter((r) => !r.outcome.held).every((r) => !r.outcome.held && r.outcome.code === SOLD_OUT)).toBe(true);

    const inventory = await store.readStream('inventory-rush');
    expect(inventory.filter((e) => e.type === 'SeatsHeld').map((e) => e.data['reservationId']).sort()).toEqual([...granted].sort());
    for (const id of granted) expect(await store.readStream(`reservation-${id}`)).toHaveLength(1);
    for (const id of ids.filter((id) => !granted.includes(id)).slice(0, 20)) expect(await store.readStream(`reservation-${id}`)).toHaveLength(0);
    expect((await store.verify('inventory-rush')).ok).toBe(true);

    // a release through one desk frees a seat the other desk then grants
    await desks[0]!.release({ eventShortName: 'rush', reservationId: granted[0]!, reason: 'CANCELLED', now: new Date() }, provenance('c', 'test', new Date()));
    const again = await desks[1]!.hold(request(crypto.randomUUID()), provenance('x', 'test', new Date()), () => []);
    expect(again.outcome.held).toBe(true);
    const last = await desks[0]!.hold(request(crypto.randomUUID()), provenance('y', 'test', new Date()), () => []);
    expect(last.outcome).toEqual({ held: false, code: SOLD_OUT });
  });

  it('fails only the hold whose data the database cannot take (a NUL in its text): the batch it shared is written without it', async () => {
    const desk = new InventoryDesk(store);
    const on = (id: string): HoldSeats => ({ ...request(id), eventShortName: 'poisoned' });
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        desk.hold(on(id), provenance(id, 'test', new Date()), () => [
          { streamId: `reservation-${id}`, events: [{ type: 'ReservationOpened', data: { reservationId: id, note: i === 3 ? 'a\u0000b' : 'ab' }, metadata: provenance(id, 'test', new Date()) }], expectedRevision: 'no_stream' },
        ]),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const held = (await store.readStream('inventory-poisoned')).filter((e) => e.type === 'SeatsHeld').map((e) => e.data['reservationId']);
    expect(held.sort()).toEqual(ids.filter((_, i) => i !== 3).sort());
    expect(await store.readStream(`reservation-${ids[3]}`)).toHaveLength(0);
  });

  it('settles a hold another process made, which this desk had not seen: the refusal is decided on the stream as it is', async () => {
    const [one, other] = [new InventoryDesk(store), new InventoryDesk(store)];
    const on = (id: string): HoldSeats => ({ ...request(id), eventShortName: 'handover' });
    const metadata = provenance('h', 'test', new Date());
    // the other desk has read the stream (its first hold), then one desk holds a seat it does not hear of
    expect((await other.hold(on(crypto.randomUUID()), metadata, () => [])).outcome.held).toBe(true);
    const id = crypto.randomUUID();
    expect((await one.hold(on(id), metadata, () => [])).outcome.held).toBe(true);
    // the buyer's confirmation reaches the other process: sold, not 'the hold is gone'
    await other.settle({ eventShortName: 'handover', reservationId: id, settlement: { kind: 'sell' } }, metadata);
    expect((await store.readStream('inventory-handover')).map((e) => e.type)).toEqual(['SeatsHeld', 'SeatsHeld', 'SeatsSold']);
    // a hold that is really gone is still refused, after the same look at the stream
    await expect(other.settle({ eventShortName: 'handover', reservationId: crypto.randomUUID(), settlement: { kind: 'sell' } }, metadata)).rejects.toMatchObject({
      code: 'error.STEP2_UNABLE_TO_TRANSITION',
    });
  });

  it('puts two releases that write the same reservation (a cancel and an expiry) in separate appends: one wins, the other learns it lost', async () => {
    const desk = new InventoryDesk(store);
    const id = crypto.randomUUID();
    const metadata = provenance(id, 'test', new Date());
    await desk.hold({ ...request(id), eventShortName: 'race' }, metadata, () => [
      { streamId: `reservation-${id}`, events: [{ type: 'ReservationOpened', data: { reservationId: id }, metadata }], expectedRevision: 'no_stream' },
    ]);
    const end = (type: string) => [{ streamId: `reservation-${id}`, events: [{ type, data: { reservationId: id }, metadata }], expectedRevision: 0 }];
    // a hold in flight makes both releases wait in the queue together, as they would under load
    const busy = desk.hold({ ...request(crypto.randomUUID()), eventShortName: 'race' }, metadata, () => []);
    const [cancelled, expired] = await Promise.allSettled([
      desk.release({ eventShortName: 'race', reservationId: id, reason: 'CANCELLED', now: new Date() }, metadata, end('ReservationCancelled')),
      desk.release({ eventShortName: 'race', reservationId: id, reason: 'EXPIRED', now: new Date('2100-01-01T00:00:00Z') }, metadata, end('ReservationExpired')),
    ]);
    await busy;
    expect(cancelled.status).toBe('fulfilled');
    expect(expired.status).toBe('rejected');
    expect((expired as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream(`reservation-${id}`)).map((e) => e.type)).toEqual(['ReservationOpened', 'ReservationCancelled']);
    expect((await store.readStream('inventory-race')).map((e) => e.type)).toEqual(['SeatsHeld', 'SeatsHeld', 'HoldReleased']);
  });

  it('keeps released seats set aside for the waiting list from buyers of any process, hands them to offers, and returns them', async () => {
    const [one, other] = [new InventoryDesk(store), new InventoryDesk(store)];
    const small = { ...limits, capacitySize: new Map([[1, 2]]) };
    const on = (id: string): HoldSeats => ({ ...request(id), eventShortName: 'listed', limits: small });
    const metadata = provenance('m', 'test', new Date());
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await one.hold({ ...on(first), tickets: [{ categoryId: 1, quantity: 2 }] }, metadata, () => [])).outcome.held).toBe(true);
    expect((await other.hold(on(second), metadata, () => [])).outcome.held).toBe(false);

    // two subscribers wait: both seats of the cancelled reservation are kept for them
    const setAside = { waiting: 2, holdIds: [crypto.randomUUID(), crypto.randomUUID()], expiresAt: new Date(Date.now() + 120_000).toISOString() };
    await one.release({ eventShortName: 'listed', reservationId: first, reason: 'CANCELLED', now: new Date(), setAside }, metadata);
    expect((await other.hold(on(crypto.randomUUID()), metadata, () => [])).outcome).toEqual({ held: false, code: SOLD_OUT });

    // an offer through the other process takes one of them over; the seat left goes back on sale when returned
    const offered = crypto.randomUUID();
    expect((await other.hold({ ...on(offered), fromWaitingList: true }, metadata, () => [])).outcome.held).toBe(true);
    expect((await one.hold(on(crypto.randomUUID()), metadata, () => [])).outcome.held).toBe(false);
    await one.returnSetAside('listed', metadata);
    expect((await other.hold(on(crypto.randomUUID()), metadata, () => [])).outcome.held).toBe(true);

    const events = (await store.readStream('inventory-listed')).map((e) => `${e.type} ${String(e.data['reason'] ?? e.data['forWaitingList'] ?? '')}`.trim());
    expect(events).toEqual([
      'SeatsHeld',
      'HoldReleased CANCELLED',
      'SeatsHeld true',
      'SeatsHeld true',
      'HoldReleased HANDED_OVER',
      'SeatsHeld',
      'HoldReleased RETURNED',
      'SeatsHeld',
    ]);
    expect((await store.verify('inventory-listed')).ok).toBe(true);
  });

  it('answers a request the stream just refused from memory, and forgets it when anything is appended (another process releasing seats) or after soldOutMemoryMs', async () => {
    let clock = 0;
    const [one, other] = [new InventoryDesk(store, { soldOutMemoryMs: 250, monotonicMs: () => clock }), new InventoryDesk(store)];
    const small = { ...limits, capacitySize: new Map([[1, 3]]) };
    const on = (id: string, quantity = 1): HoldSeats => ({ ...request(id), eventShortName: 'gone', limits: small, tickets: [{ categoryId: 1, quantity }] });
    const metadata = provenance('m', 'test', new Date());
    const buyer = crypto.randomUUID();
    expect((await other.hold(on(buyer, 2), metadata, () => [])).outcome.held).toBe(true);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBeNull();

    // refusals are remembered once the append notifications are listened to (the first refusal starts listening)
    const refuseUntilRemembered = async (quantity: number, code: string) => {
      for (let i = 0; i < 100 && !one.knownSoldOut('gone', [{ categoryId: 1, quantity }]); i++) {
        expect((await one.hold(on(crypto.randomUUID(), quantity), metadata, () => [])).outcome).toEqual({ held: false, code });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // one seat left: three are too many (step 7), and so are two
    await refuseUntilRemembered(3, NOT_ENOUGH);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 3 }])).toBe(NOT_ENOUGH);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }])).toBeNull();
    await refuseUntilRemembered(2, NOT_ENOUGH);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }])).toBe(NOT_ENOUGH);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 3 }])).toBe(NOT_ENOUGH);
    // more than any refusal asked (the checks before the inventory may refuse it: the most per order), fewer seats,
    // another category, another event, or several lines (the handler checks them as a whole): not known
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 4 }])).toBeNull();
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBeNull();
    expect(one.knownSoldOut('gone', [{ categoryId: 2, quantity: 2 }])).toBeNull();
    expect(one.knownSoldOut('rush', [{ categoryId: 1, quantity: 2 }])).toBeNull();
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }, { categoryId: 2, quantity: 1 }])).toBeNull();

    // the last seat taken by the other process: its append ends what was known, and the category is now sold out (step 6)
    expect((await other.hold(on(crypto.randomUUID()), metadata, () => [])).outcome.held).toBe(true);
    for (let i = 0; i < 100 && one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }]); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }])).toBeNull();
    await refuseUntilRemembered(1, SOLD_OUT);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBe(SOLD_OUT);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }])).toBeNull();
    await refuseUntilRemembered(2, SOLD_OUT);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBe(SOLD_OUT);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 2 }])).toBe(SOLD_OUT);
    expect(one.knownSoldOut('gone', [{ categoryId: 2, quantity: 1 }, { categoryId: 1, quantity: 1 }])).toBeNull();

    // a pass's inventory (its key has a colon) never answers for an event of that name
    const pass = (id: string): HoldSeats => ({ ...on(id), eventShortName: 'subscription:gone', limits: { ...small, capacitySize: new Map([[1, 0]]) } });
    for (let i = 0; i < 5; i++) {
      expect((await one.hold(pass(crypto.randomUUID()), metadata, () => [])).outcome).toEqual({ held: false, code: SOLD_OUT });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(one.knownSoldOut('subscription:gone', [{ categoryId: 1, quantity: 1 }])).toBeNull();

    // past half its age a look-up confirms it again with one read of the stream, in the background
    clock += 200;
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBe(SOLD_OUT);
    await new Promise((resolve) => setTimeout(resolve, 200));
    clock += 200;
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBe(SOLD_OUT);

    // a hold with a code is decided on the code's limits: its refusal is not remembered for others
    clock += 1_000;
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBeNull();
    await one.hold({ ...on(crypto.randomUUID()), codeUse: { code: 'VIP', uses: 1 } }, metadata, () => []);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBeNull();
    await refuseUntilRemembered(1, SOLD_OUT);
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBe(SOLD_OUT);

    // the other process releases the seats: the notification of its append ends the short cut, and the seats sell
    await other.release({ eventShortName: 'gone', reservationId: buyer, reason: 'CANCELLED', now: new Date() }, metadata);
    for (let i = 0; i < 100 && one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }]); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(one.knownSoldOut('gone', [{ categoryId: 1, quantity: 1 }])).toBeNull();
    expect((await one.hold(on(crypto.randomUUID()), metadata, () => [])).outcome.held).toBe(true);
  });
});
