import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callApi, openSession, type ApiAnswer, type Session } from './api-process.js';
import {
  categoryIds,
  confirmOrder,
  eventually,
  expectReadModelsAndChainsIntact,
  fillInOrder,
  keepCalling,
  onProcess,
  processesOnOneDatabase,
  query,
  reserveSeats,
  untilCaughtUp,
} from './faults.js';

const CATALOG = fileURLToPath(new URL('./faults.catalog.yaml', import.meta.url));
const EVENT = 'fault-hall';
const ORDERS = 60;
const KILL_AFTER = 8; // confirmations A acknowledges before it is killed
const IN_FLIGHT = 12;
const business = {
  invoiceRequested: true,
  addCompanyBillingDetails: true,
  billingAddressCompany: 'Analytical Engines Ltd',
  billingAddressLine1: 'Via Nassa 1',
  billingAddressZip: '6900',
  billingAddressCity: 'Lugano',
  vatCountryCode: 'CH',
  vatNr: 'CHE-111.222.333',
};

interface Order {
  readonly buyer: Session;
  readonly id: string;
  /** paid at the desk with a business invoice (numbered), or free */
  readonly paid: boolean;
  confirmed?: ApiAnswer;
}

/**
 * Issue 17: the API is killed (SIGKILL) while 60 confirmations are in flight, two thirds paid at the desk with a
 * numbered business invoice, a third free. After a new process starts on the same database every order the buyer
 * heard confirmed is complete, the others are complete or can be confirmed again, and each order is complete exactly
 * once: one confirmation, its ticket issued once, one invoice number, the numbers 1..n without a gap or a repeat.
 */
describe('kill -9 of the API while confirmations are in flight', () => {
  const database = processesOnOneDatabase('system_faults_confirm', CATALOG);
  const { start, logs } = database;

  it('completes every order exactly once, the acknowledged ones without being asked again', async () => {
    const a = await start('A');
    const categories = await categoryIds(a, EVENT, ['Free entry', 'Paid at the desk']);

    // 1. 60 orders reserved and filled in on A, ten at a time.
    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, async (_, j) => {
          const paid = (i + j) % 3 !== 0;
          const buyer = await openSession(a);
          const reserved = await reserveSeats(buyer, EVENT, paid ? categories['Paid at the desk'] : categories['Free entry']);
          expect(reserved.status, `reserve\n${logs()}`).toBe(200);
          const id = reserved.body.value as string;
          const filled = await fillInOrder(buyer, id, `Buyer${i + j}`, paid ? business : {});
          expect(filled.status, JSON.stringify(filled.body)).toBe(200);
          return { buyer, id, paid };
        }),
      );
      orders.push(...batch);
    }

    // 2. The buyers confirm, twelve at a time; A dies once it has acknowledged a few. Calls in flight then die with
    // it (their confirmation made or not), and the buyers who had not sent theirs yet send it to B.
    let killed: Promise<void> | undefined;
    const queue = [...orders];
    const confirming = keepCalling(IN_FLIGHT, async () => {
      const order = killed ? undefined : queue.shift();
      if (!order) return new Promise((r) => setTimeout(r, 20));
      order.confirmed = await confirmOrder(order.buyer, order.id, order.paid ? { paymentProxy: 'ON_SITE' } : {}).catch((error: unknown) => ({
        status: 0,
        body: String(error),
        headers: new Headers(),
      }));
      if (orders.filter((o) => o.confirmed?.status === 200).length >= KILL_AFTER) killed ??= a.kill();
    });
    while (!killed) await new Promise((r) => setTimeout(r, 20));
    await killed;
    await confirming.stop();
    const acknowledged = orders.filter((o) => o.confirmed?.status === 200);
    const unanswered = orders.filter((o) => o.confirmed?.status !== 200);
    expect(orders.filter((o) => o.confirmed && ![0, 200].includes(o.confirmed.status)).map((o) => o.confirmed), `answers\n${logs()}`).toEqual([]);
    expect(orders.filter((o) => o.confirmed?.status === 0).length, 'confirmations in flight died with A').toBeGreaterThan(0);
    expect(queue.length, 'A died before every buyer had confirmed').toBeGreaterThan(0);

    // 3. B on the same database: the acknowledged orders are complete (those left waiting for their invoice number are
    // finalized at its start-up); the others are complete already, or the buyer confirms again.
    const b = await start('B');
    const status = async (order: Order) => (await callApi(onProcess(order.buyer, b), 'GET', `/reservation/${order.id}`)).body.status as string;
    for (const order of acknowledged) {
      expect(await eventually(() => status(order), (s) => s === 'COMPLETE', 30), `acknowledged order ${order.id}\n${logs()}`).toBe('COMPLETE');
    }
    const before = new Map<string, string>();
    for (const order of unanswered) {
      const seen = await eventually(() => status(order), (s) => s !== 'FINALIZING', 30);
      before.set(order.id, seen);
      if (seen === 'COMPLETE') continue;
      const again = await confirmOrder(onProcess(order.buyer, b), order.id, order.paid ? { paymentProxy: 'ON_SITE' } : {});
      expect(again.status, `confirmed again (${seen})\n${JSON.stringify(again.body)}\n${logs()}`).toBe(200);
      expect(await eventually(() => status(order), (s) => s === 'COMPLETE', 30), `order ${order.id} confirmed again`).toBe('COMPLETE');
    }
    expect([...before.values()].every((s) => ['COMPLETE', 'IN_PAYMENT', 'PENDING'].includes(s)), `states left: ${[...before.values()]}`).toBe(true);

    // 4. Exactly once, from the log itself.
    const ids = orders.map((o) => o.id);
    const perOrder = await query<{ id: string; type: string; n: number }>(
      database.url,
      `select data->>'reservationId' as id, type, count(*)::int as n from events
        where type in ('ReservationConfirmed', 'ReservationFinalized', 'InvoiceNumberAssigned', 'TicketIssued') and data->>'reservationId' = any($1)
        group by 1, 2`,
      [ids],
    );
    const count = (id: string, type: string) => perOrder.find((r) => r.id === id && r.type === type)?.n ?? 0;
    const paidIds = orders.filter((o) => o.paid).map((o) => o.id);
    expect(ids.map((id) => count(id, 'ReservationConfirmed')), 'one confirmation per order').toEqual(ids.map(() => 1));
    expect(ids.map((id) => count(id, 'TicketIssued')), 'its ticket issued once').toEqual(ids.map(() => 1));
    expect(paidIds.map((id) => count(id, 'InvoiceNumberAssigned')), 'one invoice number per paid order').toEqual(paidIds.map(() => 1));
    expect(paidIds.map((id) => count(id, 'ReservationFinalized')), 'finalized once').toEqual(paidIds.map(() => 1));
    const tickets = await query<{ n: number; distinct: number }>(
      database.url,
      `select count(*)::int as n, count(distinct data->>'ticketId')::int as distinct from events where type = 'TicketIssued' and data->>'reservationId' = any($1)`,
      [ids],
    );
    expect(tickets[0]).toEqual({ n: ORDERS, distinct: ORDERS });
    const views = await Promise.all(orders.filter((o) => o.paid).map((o) => callApi(onProcess(o.buyer, b), 'GET', `/reservation/${o.id}`)));
    expect(views.map((v) => v.body.invoiceNumber as string).sort(), 'invoice numbers 1..n, each once').toEqual(
      paidIds.map((_, i) => `F-${String(i + 1).padStart(6, '0')}`),
    );

    // 5. The read models equal a rebuild; the hash chains hold.
    expect(await untilCaughtUp(b, 60), `read models caught up\n${logs()}`).toBe(true);
    await b.stop();
    expectReadModelsAndChainsIntact(database.url);
  }, 180_000);
});
