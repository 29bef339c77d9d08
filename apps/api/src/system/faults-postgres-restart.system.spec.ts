import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, openSession, runBuiltTool, startApiProcess, type ApiAnswer, type ApiProcess, type Session } from './api-process.js';
import { categoryIds, eventually, expectReadModelsAndChainsIntact, keepCalling, startOwnPostgres, untilCaughtUp, type OwnPostgres } from './faults.js';

const CATALOG = fileURLToPath(new URL('./faults.catalog.yaml', import.meta.url));
const EVENT = 'fault-hall';
const BUYERS = 6;

interface Timed extends ApiAnswer {
  readonly ms: number;
  /** a reserve call (else a read) */
  readonly reserve: boolean;
  readonly phase: 'before' | 'down' | 'after';
}

/**
 * Issue 17: the database server goes away under load and comes back. Meanwhile the API answers 503 with a
 * Retry-After in the wire format (neither a 500 nor a hang) and /api/health says the database is down; once it is
 * back the API serves again by itself (its pools and its projection thread reconnect), and nothing it acknowledged is lost.
 */
describe('PostgreSQL restarted under load', () => {
  let postgres: OwnPostgres;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    postgres = await startOwnPostgres('faults_restart');
    const imported = runBuiltTool('catalog-cli', ['import', CATALOG], postgres.url);
    if (imported.status !== 0) throw new Error(`importing the catalog failed:\n${imported.output}`);
    api = await startApiProcess('A', { DATABASE_URL: postgres.url, RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '1000' });
  });

  afterAll(async () => {
    await api?.stop();
    await postgres?.remove();
  });

  it('answers 503 while it is down, serves again when it is back, and loses nothing it acknowledged', async () => {
    const a = api!;
    const { 'Free entry': free } = await categoryIds(a, EVENT, ['Free entry']);
    const sessions: Session[] = await Promise.all(Array.from({ length: BUYERS }, () => openSession(a)));
    let phase: Timed['phase'] = 'before';
    const answers: Timed[] = [];
    const failures: string[] = [];
    // each buyer reserves, then reads the event, its categories and the reservation, round and round
    const mine: (string | undefined)[] = sessions.map(() => undefined);
    let turn = 0;
    const load = keepCalling(BUYERS, async (i) => {
      const sent = performance.now();
      const kind = turn++ % 4;
      const call = (): Promise<ApiAnswer> =>
        kind === 0 || !mine[i]
          ? callApi(sessions[i]!, 'POST', `/event/${EVENT}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: free, amount: 1 }] }, 20_000)
          : callApi(sessions[i]!, 'GET', [`/event/${EVENT}`, `/event/${EVENT}/ticket-categories`, `/reservation/${mine[i]}`][kind - 1]!, undefined, 20_000);
      try {
        const answer = await call();
        if (answer.status === 200 && typeof answer.body?.value === 'string' && answer.body.success === true) mine[i] = answer.body.value;
        // the phase the answer came in (a call sent before the stop may meet it)
        answers.push({ ...answer, ms: performance.now() - sent, phase, reserve: kind === 0 || !mine[i] });
      } catch (error) {
        failures.push(`${phase}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });

    await new Promise((r) => setTimeout(r, 3_000));
    phase = 'down';
    await postgres.stop();
    const health = await eventually(
      async () => {
        const response = await fetch(`${a.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
        return { status: response.status, body: (await response.json()) as { status: string; database: string } };
      },
      (r) => r.status === 503,
      10,
    ).catch((error: unknown) => {
      throw new Error(`/api/health did not answer while the database was down: ${String(error)}\n${a.logs()}`);
    });
    await new Promise((r) => setTimeout(r, 4_000));
    await postgres.start();
    phase = 'after';
    const back = await eventually(
      async () => (await fetch(`${a.baseUrl}/api/health`)).status,
      (status) => status === 200,
      60,
    );
    // some calls after the return, each of them served
    const servedAfter = () => answers.filter((x) => x.phase === 'after' && x.reserve && x.status === 200).length;
    await eventually(async () => servedAfter(), (n) => n >= 50, 30);
    await load.stop();
    const logs = a.logs();

    expect(failures, `no call failed or hung (20 s)\n${logs}`).toEqual([]);
    expect(health.status, 'health while the database is down').toBe(503);
    expect(health.body).toMatchObject({ status: 'DOWN', database: 'DOWN' });
    expect(back, `health once it is back\n${logs}`).toBe(200);
    const statuses = (phase: Timed['phase']) => [...new Set(answers.filter((x) => x.phase === phase).map((x) => x.status))].sort();
    expect(statuses('before'), 'before the stop').toEqual([200]);
    expect(answers.filter((x) => x.status >= 500 && x.status !== 503).map((x) => `${x.status} ${x.body}`), `no 5xx but 503\n${logs}`).toEqual([]);
    const unavailable = answers.filter((x) => x.status === 503);
    expect(unavailable.length, 'some calls met the database down').toBeGreaterThan(0);
    for (const x of unavailable) {
      expect(x.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(x.body).toBe('service unavailable');
      expect(Number(x.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(Math.max(...unavailable.map((x) => x.ms)), 'a 503 comes quickly, not after a hang').toBeLessThan(10_000);
    expect(statuses('down').every((s) => s === 200 || s === 503), `while down: ${statuses('down')}`).toBe(true);
    expect(servedAfter(), 'served again after the restart').toBeGreaterThanOrEqual(50);

    // every acknowledged reservation is there, whichever side of the outage it was made on
    const acknowledged = answers.filter((x) => x.reserve && x.status === 200).map((x) => x.body.value as string);
    expect(answers.filter((x) => !x.reserve && x.phase === 'down').length, 'reads met the outage too').toBeGreaterThan(0);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const reader = sessions[0]!;
    const missing: string[] = [];
    for (const id of acknowledged) {
      const view = await callApi(reader, 'GET', `/reservation/${id}`);
      if (view.status !== 200) missing.push(`${id}: ${view.status}`);
    }
    expect(missing, 'acknowledged reservations not found').toEqual([]);

    // the projection thread followed the log again: the read models catch up and equal a rebuild; the chains hold
    expect(await untilCaughtUp(a, 60), `read models caught up\n${a.logs()}`).toBe(true);
    await a.stop();
    expectReadModelsAndChainsIntact(postgres.url);
  }, 150_000);
});
