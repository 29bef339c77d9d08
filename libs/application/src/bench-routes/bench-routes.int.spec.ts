import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const ROUTES = [
  ['/api/bench/noop', {}],
  ['/api/bench/skip-locked/setup', { seats: 5 }],
  ['/api/bench/skip-locked/hold', { quantity: 1 }],
] as const;

describe('bench routes without BENCH_ROUTES', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('do not exist', async () => {
    for (const [url, payload] of ROUTES) {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('bench routes with BENCH_ROUTES=1', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ BENCH_ROUTES: '1' });
  });
  afterAll(() => app.close());

  it('answer the no-op with a fresh id, without a session or an anti-forgery token', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/bench/noop', payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } });
    const second = await app.inject({ method: 'POST', url: '/api/bench/noop' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, value: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(first.json().value).not.toBe(second.json().value);
  });

  it('hold exactly as many seats as there are under concurrent holds, the others get NOT_ENOUGH_TICKETS', async () => {
    const setup = await app.inject({ method: 'POST', url: '/api/bench/skip-locked/setup', payload: { seats: 5 } });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ success: true, value: 5 });

    const holds = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ method: 'POST', url: '/api/bench/skip-locked/hold', payload: { quantity: 1 } })),
    );
    const ok = holds.filter((r) => r.statusCode === 200);
    const refused = holds.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(3);
    const ids = ok.map((r) => r.json().value as string);
    expect(new Set(ids).size).toBe(5);
    for (const r of ok) expect(r.json()).toEqual({ success: true, errorCount: 0, validationErrors: [], value: expect.any(String), warnings: [] });
    for (const r of refused) {
      expect(r.json()).toMatchObject({ success: false, errorCount: 1, value: null });
      expect(r.json().validationErrors[0].code).toBe('error.STEP_1_NOT_ENOUGH_TICKETS');
    }
    const rows = await app.database.db.query<{ reservation_id: string | null; held: boolean }>(
      "select reservation_id, held_until between now() + interval '24 minutes' and now() + interval '26 minutes' as held from bench_seats order by id",
    );
    expect(rows.rows.map((r) => r.reservation_id).sort()).toEqual([...ids].sort());
    expect(rows.rows.every((r) => r.held)).toBe(true);
  });

  it('holds several seats at once or none, and setup starts over', async () => {
    await app.inject({ method: 'POST', url: '/api/bench/skip-locked/setup', payload: { seats: 3 } });
    const two = await app.inject({ method: 'POST', url: '/api/bench/skip-locked/hold', payload: { quantity: 2 } });
    const twoMore = await app.inject({ method: 'POST', url: '/api/bench/skip-locked/hold', payload: { quantity: 2 } });
    expect(two.statusCode).toBe(200);
    expect(twoMore.statusCode).toBe(422);
    const free = await app.database.db.query<{ n: string }>('select count(*) as n from bench_seats where reservation_id is null');
    expect(free.rows[0]!.n).toBe('1');
  });

  it('validate the body like every other route', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/bench/skip-locked/hold', payload: { quantity: 0 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().success).toBe(false);
  });

  it('profile the main thread between start and stop: a CPU profile and sampled allocations', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/bench/profile/stop' })).body).toBe('null'); // none started
    const started = await app.inject({ method: 'POST', url: '/api/bench/profile/start', payload: {} });
    expect(started.statusCode).toBe(204);
    for (let i = 0; i < 20; i++) await app.inject({ method: 'POST', url: '/api/bench/noop', payload: { reservation: [] } });
    const stopped = await app.inject({ method: 'POST', url: '/api/bench/profile/stop' });
    expect(stopped.statusCode).toBe(200);
    const { cpu, heap } = stopped.json();
    expect(cpu.nodes.length).toBeGreaterThan(1);
    expect(cpu.samples.length).toBe(cpu.timeDeltas.length);
    expect(heap.head.callFrame.functionName).toBe('(root)');
    expect((await app.inject({ method: 'POST', url: '/api/bench/profile/start', payload: { survivors: 'yes' } })).statusCode).toBe(422);
  });

  it('are not in the OpenAPI description', () => {
    const document = app.openApiDocument();
    expect(Object.keys(document.paths).filter((p) => p.includes('bench'))).toEqual([]);
  });
});
