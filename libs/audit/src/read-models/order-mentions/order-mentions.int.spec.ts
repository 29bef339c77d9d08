import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, EventToAppend } from '@ticketing/event-store';
import type { ProjectionRunner } from '@ticketing/projections';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { orderStatusFold } from '@ticketing/application';
import { orderStory } from '../../queries/order-story/order-story.query.js';
import { streamSummaryProjection } from '../stream-summary/stream-summary.projection.js';
import { orderMentionsProjection } from './order-mentions.projection.js';
import { MAX_TAIL } from './order-mentions.query.js';

const ORDER = 'aaaaaaaa-1111-4111-8111-111111111111';
const INVENTORY = 'inventory-rush';
/** The inventory's size: the shared stream `audit order` used to read whole. */
const HOLDS = 20_000;
const BATCH = 500;
let n = 0;
const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: { correlationId: `corr-${++n}`, causationId: `cause-${n}`, occurredAt: '2025-03-01T10:00:00.000Z', actor: 'session:abc' },
});
const otherOrder = (i: number) => `bbbbbbbb-0000-4000-8000-${String(i).padStart(12, '0')}`;
const held = (reservationId: string) => event('SeatsHeld', { eventShortName: 'rush', reservationId, tickets: [{ categoryId: 1, quantity: 1 }], services: [], codeUse: null, expiresAt: '2025-03-01T10:30:00.000Z' });

/** Counts the events the store hands out, to show which way a story read the log. */
function counting(store: EventStore): { store: EventStore; read: () => number } {
  let read = 0;
  const counted: EventStore = Object.create(store);
  counted.readStream = async (...args) => {
    const events = await store.readStream(...args);
    read += events.length;
    return events;
  };
  counted.readAll = async (...args) => {
    const events = await store.readAll(...args);
    read += events.length;
    return events;
  };
  return { store: counted, read: () => read };
}

const millis = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
};

/**
 * One order among 20,000 holds of one event's inventory (its hold, its extension and its sale far apart in the
 * stream), as a rush leaves it: the story found by the order-mentions index equals the story read from the whole
 * stream, and reads a few events instead of 20,000.
 */
describe('order-mentions index', () => {
  let test: ProjectionHarness;
  let store: EventStore;
  let runner: ProjectionRunner;
  beforeAll(async () => {
    // the stream summary rides along, as the baseline of what a rebuild costs
    test = await projectionHarness('order_mentions', [orderMentionsProjection, streamSummaryProjection], { batchSize: 500 });
    ({ store, runner } = test);
    const ours: Record<number, EventToAppend> = {
      7_000: held(ORDER),
      13_000: event('HoldExtended', { eventShortName: 'rush', reservationId: ORDER, expiresAt: '2025-03-04T10:00:00.000Z' }),
      19_000: event('SeatsSold', { eventShortName: 'rush', reservationId: ORDER }),
    };
    for (let from = 0; from < HOLDS; from += BATCH) {
      await store.append(
        INVENTORY,
        Array.from({ length: BATCH }, (_, k) => ours[from + k] ?? held(otherOrder(from + k))),
      );
      if (from === 7_000) {
        await store.append(`reservation-${ORDER}`, [
          event('ReservationOpened', { reservationId: ORDER, eventShortName: 'rush', validUntil: '2025-03-01T10:30:00.000Z', tickets: [], price: { currency: 'CHF', totals: { priceWithVat: 4500, vat: 0, discount: 0, discountAppliedCount: 0, currency: 'CHF' } } }),
        ]);
      }
    }
    await store.append(`reservation-${ORDER}`, [event('ReservationConfirmed', { reservationId: ORDER, paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'OFFLINE_PAYMENT', paymentDeadline: '2025-03-04T10:00:00.000Z' })]);
    await runner.catchUp();
  }, 300_000);
  afterAll(async () => {
    await test?.close();
  });

  it('finds the order in a 20,000-event inventory by index: the same story, a few events read', async () => {
    // three of each, taking turns, so that neither gets a warmer process: the medians are compared
    const runs: { scanned: number[]; indexed: number[] } = { scanned: [], indexed: [] };
    let scan = counting(store);
    let index = counting(store);
    let scanned!: Awaited<ReturnType<typeof millis<Awaited<ReturnType<typeof orderStory>>>>>;
    let indexed!: typeof scanned;
    for (let round = 0; round < 3; round++) {
      scan = counting(store);
      scanned = await millis(() => orderStory(scan.store, ORDER, orderStatusFold));
      index = counting(store);
      indexed = await millis(() => orderStory(index.store, ORDER, orderStatusFold, { db: test.db }));
      runs.scanned.push(scanned.ms);
      runs.indexed.push(indexed.ms);
    }

    expect(indexed.value).toEqual(scanned.value);
    expect(indexed.value!.steps.map((s) => `${s.streamId}:${s.type}`)).toEqual([
      `${INVENTORY}:SeatsHeld`,
      `reservation-${ORDER}:ReservationOpened`,
      `${INVENTORY}:HoldExtended`,
      `${INVENTORY}:SeatsSold`,
      `reservation-${ORDER}:ReservationConfirmed`,
    ]);
    expect(scan.read()).toBeGreaterThanOrEqual(HOLDS);
    expect(index.read()).toBe(5);
    const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[1]!;
    const [whole, byIndex] = [median(runs.scanned), median(runs.indexed)];
    console.log(
      `audit order over a ${HOLDS.toLocaleString('en')}-event inventory, median of 3: read whole ${whole.toFixed(0)} ms (${scan.read()} events; runs ${runs.scanned.map((ms) => ms.toFixed(0)).join(', ')}), ` +
        `by index ${byIndex.toFixed(1)} ms (${index.read()} events; runs ${runs.indexed.map((ms) => ms.toFixed(1)).join(', ')}), ${(whole / byIndex).toFixed(0)}x`,
    );
  });

  it('adds what the log holds after the index: the tail past its checkpoint, and the whole stream when it lags too far', async () => {
    // not yet indexed: read from the log's tail
    await store.append(INVENTORY, [event('TicketReturned', { eventShortName: 'rush', reservationId: ORDER, ticketId: 'cccccccc-0000-4000-8000-000000000001', categoryId: 1 }), held(otherOrder(HOLDS))]);
    const tail = counting(store);
    const withTail = await orderStory(tail.store, ORDER, orderStatusFold, { db: test.db });
    expect(withTail).toEqual(await orderStory(store, ORDER, orderStatusFold));
    expect(withTail!.steps.at(-1)).toMatchObject({ streamId: INVENTORY, type: 'TicketReturned' });
    expect(tail.read()).toBeLessThan(10);

    // further behind than MAX_TAIL: the index is not used, the stream is read whole, the story is the same
    const others = Array.from({ length: MAX_TAIL }, (_, k) => held(otherOrder(HOLDS + 1 + k)));
    for (let k = 0; k < others.length; k += BATCH) await store.append(INVENTORY, others.slice(k, k + BATCH));
    const far = counting(store);
    expect(await orderStory(far.store, ORDER, orderStatusFold, { db: test.db })).toEqual(withTail);
    expect(far.read()).toBeGreaterThan(HOLDS);

    await runner.catchUp();
    const caughtUp = counting(store);
    expect(await orderStory(caughtUp.store, ORDER, orderStatusFold, { db: test.db })).toEqual(withTail);
    expect(caughtUp.read()).toBe(6);
  });

  it('rebuilds to the same rows, changes nothing when an event is applied twice, and verify finds a row removed by hand', async () => {
    const rows = async () => (await test.db.query('select order_id, position::text, stream_id, revision from audit_order_mentions order by order_id, position')).rows;
    const live = await rows();
    expect(live.filter((r) => r.order_id === ORDER)).toHaveLength(4);
    // the ticket id of the returned ticket is named too, and nothing of the reservation's own stream
    expect(live.filter((r) => !String(r.stream_id).startsWith('inventory-'))).toEqual([]);
    // what the index costs a replay, beside the stream summary (one row per stream) rebuilt over the same log
    const baseline = await millis(() => runner.rebuild(streamSummaryProjection.name));
    const rebuilt = await millis(() => runner.rebuild(orderMentionsProjection.name));
    const head = await store.headPosition();
    console.log(
      `rebuild over ${head} events: order-mentions ${rebuilt.ms.toFixed(0)} ms (${live.length} rows), stream-summary ${baseline.ms.toFixed(0)} ms, ${(rebuilt.ms / baseline.ms).toFixed(2)}x`,
    );
    expect(await rows()).toEqual(live);
    const client = await test.db.connect();
    try {
      const tx = { client, schema: 'public', table: (name: string) => `"public"."${name}"` };
      for (const e of await store.readStream(INVENTORY, { fromRevision: 6_990, maxCount: 20 })) await orderMentionsProjection.apply(e, tx);
    } finally {
      client.release();
    }
    expect(await rows()).toEqual(live);
    expect(await runner.verify(orderMentionsProjection.name)).toMatchObject({ ok: true });
    await test.db.query('delete from audit_order_mentions where order_id = $1 and stream_id = $2 and revision = 13000', [ORDER, INVENTORY]);
    expect(await runner.verify(orderMentionsProjection.name)).toMatchObject({ ok: false });
  }, 120_000);
});
