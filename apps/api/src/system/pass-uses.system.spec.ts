import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, openSession, runBuiltTool, type ApiProcess } from './api-process.js';
import { processesOnOneDatabase } from './faults.js';

const CATALOG = fileURLToPath(new URL('./pass-uses.catalog.yaml', import.meta.url));
const EVENT = 'two-processes-passes';
const PASS = '5e1f7c3a-9b2d-4e6f-8a1c-3d5b7f9e1a2c';
const RACERS = 20;
const owner = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

/** Issue 15: the last entry of a pass goes to one order only when orders in two real API processes take it at once. */
describe('a pass used across two API processes', () => {
  const database = processesOnOneDatabase('system_passes', CATALOG, { RESERVATION_SWEEP_INTERVAL_MS: '0' });
  const { start, logs } = database;
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    processes = await Promise.all([start('A'), start('B')]);
  });

  it(`gives the last entry to exactly one of ${RACERS} orders applying it at once, half in each process`, async () => {
    const buyer = await openSession(processes[0]!);
    const bought = await call(buyer, 'POST', `/subscription/${PASS}`);
    expect(bought.status, `${JSON.stringify(bought.body)}\n${logs()}`).toBe(200);
    const passOrder = bought.body.value as string;
    expect((await call(buyer, 'POST', `/reservation/${passOrder}/validate-to-overview?lang=en`, owner)).status).toBe(200);
    expect((await call(buyer, 'POST', `/reservation/${passOrder}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
    const { id: passId, pin } = (await call(buyer, 'GET', `/reservation/${passOrder}`)).body.subscriptionInfos[0] as { id: string; pin: string };

    // two of its three entries go to one order of two tickets, through the other process
    const first = await openSession(processes[1]!);
    const two = await call(first, 'POST', `/event/${EVENT}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 2 }] });
    expect(two.status, logs()).toBe(200);
    expect((await call(first, 'POST', `/reservation/${two.body.value}/apply-code`, { code: pin, amount: 2, type: 'SUBSCRIPTION' })).body.value).toBe(true);

    // the last one: every order asks for it at the same moment
    const racers = await Promise.all(Array.from({ length: RACERS }, (_, i) => openSession(processes[i % 2]!)));
    const orders: string[] = [];
    for (const racer of racers) {
      const reserved = await call(racer, 'POST', `/event/${EVENT}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
      expect(reserved.status, logs()).toBe(200);
      orders.push(reserved.body.value as string);
    }
    const answers = await Promise.all(orders.map((id, i) => call(racers[i]!, 'POST', `/reservation/${id}/apply-code`, { code: pin, amount: 1, type: 'SUBSCRIPTION' })));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body), logs()).toEqual([]);
    expect(answers.filter((a) => a.body.value === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.validationErrors[0]?.code === 'subscription.max-usage-reached')).toHaveLength(RACERS - 1);

    // each order shows what it got: one free, the others still 20.00
    const views = await Promise.all(orders.map((id, i) => call(racers[i]!, 'GET', `/reservation/${id}`)));
    expect(views.map((v) => v.body.orderSummary.priceInCents as number).sort((a, b) => a - b)).toEqual([0, ...Array<number>(RACERS - 1).fill(2000)]);
    expect((await call(buyer, 'GET', `/reservation/${passOrder}`)).body.subscriptionInfos[0].usageDetails).toEqual({ total: 3, used: 3, available: 0 });

    // the log agrees: two uses on the pass's stream, every chain intact
    await Promise.all(processes.map((p) => p.stop()));
    const history = runBuiltTool('cli', ['audit', 'history', `subscription-${passId}`], database.url);
    expect(history.status, history.output).toBe(0);
    expect(history.stdout.match(/SubscriptionUsed/g)).toHaveLength(2);
    const verified = runBuiltTool('cli', ['audit', 'verify-log'], database.url);
    expect(verified.status, verified.output).toBe(0);
  }, 240_000);
});
