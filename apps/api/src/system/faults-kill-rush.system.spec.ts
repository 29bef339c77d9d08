import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callApi, openSession, type Session } from './api-process.js';
import {
  buyUntilSoldOut,
  categoryIds,
  completeFreeOrder,
  expectReadModelsAndChainsIntact,
  holdsPastExpiry,
  keepCalling,
  onProcess,
  processesOnOneDatabase,
  reserveSeats,
  seatsSold,
  untilCaughtUp,
  untilNoHoldPastExpiry,
} from './faults.js';

const CATALOG = fileURLToPath(new URL('./faults.catalog.yaml', import.meta.url));
const EVENT = 'fault-rush';
const SEATS = 40;
const RUSH = 400;
// A makes at most KILL_AFTER + IN_FLIGHT - 1 holds (it is frozen once it has acknowledged KILL_AFTER): about half
// the seats are left for B, however the calls in flight end
const IN_FLIGHT = 16;
const KILL_AFTER = 6; // holds A acknowledges before it is killed

/**
 * Issue 17: the API is killed (SIGKILL) in the middle of a rush of 400 buyers on 40 seats; a new process on the same
 * database takes the rest of the rush, the buyers whose call died with A trying once more. No seat is sold twice,
 * every acknowledged hold is there and completes, the holds nobody heard of expire on the next sweep, and the seats
 * sell out exactly once the demand stays.
 */
describe('kill -9 of the API in the middle of a rush', () => {
  const database = processesOnOneDatabase('system_faults_rush', CATALOG);
  const { start, logs } = database;

  it('sells no seat twice, keeps every acknowledged hold, expires the others and sells out exactly', async () => {
    const a = await start('A');
    const { Standing: category } = await categoryIds(a, EVENT, ['Standing']);
    const buyers: Session[] = [];
    for (let i = 0; i < RUSH; i += 50) buyers.push(...(await Promise.all(Array.from({ length: Math.min(50, RUSH - i) }, () => openSession(a)))));

    // 1. The rush on A, 16 calls in flight. Once A has acknowledged six holds it is frozen where it stands (SIGSTOP:
    // some calls half done), the buyers go on sending until all 16 calls wait on it, and it is killed (SIGKILL).
    const queue = [...buyers.keys()];
    const acknowledged = new Map<number, string>(); // buyer -> reservation id
    const refused: number[] = [];
    const unanswered: number[] = [];
    const unexpected: string[] = [];
    let frozen = false;
    let inFlight = 0;
    const onA = keepCalling(IN_FLIGHT, async () => {
      const buyer = inFlight < IN_FLIGHT ? queue.shift() : undefined;
      if (buyer === undefined) return new Promise((r) => setTimeout(r, 20));
      inFlight += 1;
      const answer = await reserveSeats(buyers[buyer]!, EVENT, category);
      inFlight -= 1;
      if (answer.status === 200) acknowledged.set(buyer, answer.body.value as string);
      else if (answer.status === 422) refused.push(buyer);
      else if (answer.status === 0) unanswered.push(buyer);
      else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      if (acknowledged.size >= KILL_AFTER && !frozen) {
        frozen = true;
        a.freeze();
      }
    });
    while (!frozen) await new Promise((r) => setTimeout(r, 20));
    for (let waited = 0; inFlight < IN_FLIGHT && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    const stopping = onA.stop();
    await a.kill();
    await stopping;
    const ackedByA = acknowledged.size;
    expect(unanswered.length, 'calls in flight died with A').toBeGreaterThan(0);
    expect(queue.length, 'A died mid-rush').toBeGreaterThan(0);

    // 2. B on the same database takes the rest of the rush; the buyers A left unanswered try once more.
    const b = await start('B');
    const rest = [...unanswered, ...queue.splice(0)];
    const again = await Promise.all(rest.map((buyer) => reserveSeats(onProcess(buyers[buyer]!, b), EVENT, category)));
    again.forEach((answer, i) => {
      if (answer.status === 200) acknowledged.set(rest[i]!, answer.body.value as string);
      else if (answer.status !== 422) unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
    });
    expect(unexpected, `only holds and sold-out refusals\n${logs()}`).toEqual([]);
    expect(acknowledged.size, 'never more holds than seats').toBeLessThanOrEqual(SEATS);
    expect(acknowledged.size, 'B acknowledged holds too').toBeGreaterThan(ackedByA);

    // 3. Every acknowledged hold is there, on B, and its buyer completes the order.
    for (const [buyer, id] of acknowledged) {
      const completed = await completeFreeOrder(onProcess(buyers[buyer]!, b), id);
      expect(completed, `order ${id}\n${logs()}`).toBe('COMPLETE');
    }

    // 4. The holds of calls that died with A (made, never acknowledged) expire on a sweep; the demand stays, so
    // later buyers take exactly the seats left, and the next one is refused.
    expect(await untilNoHoldPastExpiry(database.url, 90), `no hold past its expiry after a sweep\n${logs()}`).toBe(true);
    const late = await buyUntilSoldOut(buyers.map((buyer) => onProcess(buyer, b)), EVENT, category);
    expect(acknowledged.size + late, 'the seats sold: every one, once').toBe(SEATS);
    expect(await seatsSold(database.url, EVENT), 'seats sold in the read model').toBe(SEATS);
    const stillThere = await Promise.all([...acknowledged].map(([buyer, id]) => callApi(onProcess(buyers[buyer]!, b), 'GET', `/reservation/${id}`)));
    expect(stillThere.map((v) => v.body.status), 'the acknowledged orders, complete').toEqual([...acknowledged].map(() => 'COMPLETE'));

    // 5. The read models equal a rebuild; the hash chains hold.
    expect(await untilCaughtUp(b, 60), `read models caught up\n${logs()}`).toBe(true);
    expect(await holdsPastExpiry(database.url, 5)).toBe(0);
    await b.stop();
    expectReadModelsAndChainsIntact(database.url);
  }, 240_000);
});
