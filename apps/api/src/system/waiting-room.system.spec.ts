import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { callApi, openSession, runBuiltTool, startApiProcess, type ApiProcess, type Session } from './api-process.js';

const EVENT = 'two-processes-queue';
const RATE = 600; // admissions a minute: 10 a second
const VISITORS = 200;

/** The event, its waiting room opening at `opensAt` (UTC wall clock). */
function writeCatalog(opensAt: Date): string {
  const file = join(tmpdir(), `waiting-room-system-${process.pid}.catalog.yaml`);
  const catalog = {
    organizers: [{ slug: 'system-queue', name: 'Queue Organizer', email: 'queue@system.example' }],
    events: [
      {
        shortName: EVENT,
        organizer: 'system-queue',
        title: { en: 'Two processes, one line' },
        location: 'Loopback',
        start: '2031-06-01T20:00',
        end: '2031-06-01T22:00',
        timeZone: 'UTC',
        currency: 'CHF',
        contentLanguages: ['en'],
        waitingRoom: { opensAt: opensAt.toISOString().slice(0, 19), admissionsPerMinute: RATE, tokenValidityMinutes: 10 },
        capacities: [{ key: 'hall', size: 100 }],
        categories: [{ key: 'free', name: { en: 'Free' }, price: 0, capacity: 'hall' }],
      },
    ],
  };
  writeFileSync(file, JSON.stringify(catalog));
  return file;
}

describe('the waiting room on two API processes', () => {
  let database: TestDatabase;
  let processes: ApiProcess[] = [];
  let sql: pg.Client;
  let opensAt: Date;

  beforeAll(async () => {
    database = await createTestDatabase('system-queue');
    // the catalog first, far ahead; the opening is moved close once both processes run (the room follows the catalog)
    const imported = runBuiltTool('catalog-cli', ['import', writeCatalog(new Date(Date.now() + 3_600_000))], database.url);
    if (imported.status !== 0) throw new Error(`importing the catalog failed:\n${imported.output}`);
    const env = { DATABASE_URL: database.url, RATE_LIMITS: 'off', QUEUE_ADMISSION_INTERVAL_MS: '200' };
    processes = await Promise.all([startApiProcess('A', env), startApiProcess('B', env)]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
  });

  it('both processes step the rooms, yet every place is admitted once, at the configured rate, and a crash of one loses nothing', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const visitors: Session[] = [];
    for (let i = 0; i < VISITORS; i += 50) visitors.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => openSession(processes[(i + j) % 2]!)))));
    const joined = await Promise.all(visitors.map((v) => callApi(v, 'POST', `/event/${EVENT}/waiting-room`)));
    expect(joined.map((j) => j.body.state)).toEqual(visitors.map(() => 'WAITING_FOR_DRAW'));

    opensAt = new Date(Math.ceil((Date.now() + 3_000) / 1000) * 1000);
    const moved = runBuiltTool('catalog-cli', ['import', writeCatalog(opensAt)], database.url);
    expect(moved.status, moved.output).toBe(0);
    // the draw, once both processes see the new opening (their read models follow the import)
    const deadline = Date.now() + 60_000;
    const room = async () => (await sql.query('select admitted_through, drawn_count from queue_rooms where event_short_name = $1', [EVENT])).rows[0];
    while ((await room()).drawn_count !== VISITORS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect((await room()).drawn_count).toBe(VISITORS);
    // 5 s of admissions by both processes: about 50 places, not 100
    await new Promise((r) => setTimeout(r, 5_000));
    const halfway = await room();
    const since = (Date.now() - opensAt.getTime()) / 1000;
    expect(halfway.admitted_through).toBeGreaterThanOrEqual(40);
    expect(halfway.admitted_through).toBeLessThanOrEqual(Math.ceil(since * 10) + 10);

    // a place is the same seen through either process
    const seen = await Promise.all(visitors.slice(0, 20).map((v) => callApi({ ...v, api: v.api === a ? b : a }, 'GET', `/event/${EVENT}/waiting-room`)));
    const own = await Promise.all(visitors.slice(0, 20).map((v) => callApi(v, 'GET', `/event/${EVENT}/waiting-room`)));
    expect(seen.map((s) => s.body.position)).toEqual(own.map((s) => s.body.position));

    // process A crashes in the middle of admissions: B goes on at the same pace, from where the line was
    await a.kill();
    await new Promise((r) => setTimeout(r, 5_000));
    // what B's buyers see, then the record (admissions go on meanwhile: the record is read after)
    const after = await Promise.all(visitors.filter((v) => v.api === b).map((v) => callApi(v, 'GET', `/event/${EVENT}/waiting-room`)));
    const admissions = (await sql.query('select from_position, to_position, admitted_at from queue_admissions where event_short_name = $1 order by to_position', [EVENT])).rows;
    admissions.forEach((row, i) => {
      if (i > 0) expect(row.from_position, 'contiguous ranges: no place twice, none skipped').toBe(admissions[i - 1].to_position + 1);
    });
    const first = admissions[0];
    const last = admissions.at(-1);
    const seconds = (last.admitted_at.getTime() - first.admitted_at.getTime()) / 1000;
    // the rate from the first step that admitted to the last (a backlog all along), crash included: 10 a second
    const rate = (last.to_position - first.to_position) / seconds;
    expect(rate).toBeGreaterThan(9);
    expect(rate).toBeLessThan(11);
    expect(first.from_position).toBe(1);
    const admittedPositions = after.filter((s) => s.body.state === 'ADMITTED').map((s) => s.body.position);
    expect(Math.max(...admittedPositions)).toBeLessThanOrEqual(last.to_position);
    expect(after.every((s) => s.body.state !== 'ADMITTED' || s.body.token)).toBe(true);
  }, 120_000);
});
