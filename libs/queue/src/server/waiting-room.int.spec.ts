import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { drawOrder } from '@ticketing/queue/domain';
import { AdmissionJob } from './admission/admission-job.js';
import { tickRoom } from './admission/admission-tick.js';
import { AdmissionTokens, sessionDigest } from './room/admission-tokens.js';
import { WaitingRoomSettings } from './room/waiting-room-settings.js';
import { WaitingRoomService } from './room/waiting-room.service.js';
import { WaitingRoomStore } from './room/waiting-room.store.js';

const e = 'rush-night';
/** `YYYY-MM-DDTHH:mm:ss` in UTC, the event's zone. */
const localUtc = (instant: Date) => instant.toISOString().slice(0, 19);

const now = new Date();
const details = (opensAt: Date) => ({
  ...eventDetails({ shortName: e, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00') }),
  timeZone: 'UTC',
  waitingRoom: { opensAt: localUtc(opensAt), admissionsPerMinute: 60, tokenValidityMinutes: 10 },
});

interface Buyer {
  readonly headers: Record<string, string>;
}

describe('the waiting room through the API (PostgreSQL, the real application)', () => {
  let app: TestApp;
  let opensAt: Date;
  const early: Buyer[] = [];
  const late: Buyer[] = [];

  const join = async (buyer: Buyer) => (await app.inject({ method: 'POST', url: `/api/v2/public/event/${e}/waiting-room`, headers: buyer.headers })).json();
  const status = async (buyer: Buyer) => (await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}/waiting-room`, headers: buyer.headers })).json();
  const reserve = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/v2/public/event/${e}/reserve-tickets?lang=en`, headers, payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] } });
  const step = (msAfterOpening: number) => app.app.get(AdmissionJob).tick(new Date(opensAt.getTime() + msAfterOpening));

  beforeAll(async () => {
    // the job is stepped by the test at chosen instants: admissions are counted exactly
    app = await startTestApp({ QUEUE_ADMISSION_INTERVAL_MS: '0' });
    // far ahead while the visitors arrive (however slow the machine), then moved close (the room follows the catalog)
    opensAt = new Date(Math.ceil((Date.now() + 3_600_000) / 1000) * 1000);
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given(`event-${e}`, [
      catalogEvent({ type: 'EventPublished', data: { event: details(opensAt) } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: e, capacity: { id: 1, key: 'hall', name: 'Hall', size: 100 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: e, category: ticketCategory({ id: 1, key: 'regular', price: 0, capacityId: 1 }) } }),
    ]);
    for (let i = 0; i < 12; i++) early.push({ headers: await app.session() });
  });
  afterAll(() => app?.close());

  it('the event says it has a waiting room and when it opens', async () => {
    const event = (await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}` })).json();
    expect(event.waitingRoom).toEqual({ opensAt: opensAt.toISOString(), admissionsPerMinute: 60 });
  });

  it('before the opening, visitors join and wait for the draw; joining twice changes nothing', async () => {
    for (const buyer of early) expect(await join(buyer)).toMatchObject({ state: 'WAITING_FOR_DRAW', position: null, token: null });
    expect(await join(early[0]!)).toMatchObject({ state: 'WAITING_FOR_DRAW' });
    const { rows } = await app.db.query('select count(*)::int as n from queue_tickets where event_short_name = $1', [e]);
    expect(rows[0].n).toBe(12);
  });

  it('reserve-tickets without the token is refused 403 with the queue header, before anything is held', async () => {
    const refused = await reserve(early[0]!.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['alfio-queue-token-missing']).toBe('waiting-room');
    const forged = await reserve({ ...early[0]!.headers, 'alfio-queue-token': `${Date.now() + 60_000}.${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(403);
    // a category's code link, which reserves on a GET, leads to the event page (the room) instead
    const link = await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}/code/ANYCODE`, headers: early[0]!.headers });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/event/${e}`);
  });

  it('the gate stands however the path is spelled: the router decodes it, the gate decides on the route it picked', async () => {
    const encoded = e.replace('-', '%2D');
    for (const path of [`${e}/reserve%2Dtickets`, `${e}/%72eserve-tickets`, `${encoded}/reserve-tickets`, `${encoded}/reserve%2dtickets`]) {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/v2/public/event/${path}?lang=en`,
        headers: early[1]!.headers,
        payload: { reservation: [{ ticketCategoryId: 1, amount: 1 }] },
      });
      expect([path, refused.statusCode, refused.headers['alfio-queue-token-missing']]).toEqual([path, 403, 'waiting-room']);
    }
    // the code link: spelled otherwise, or asked with HEAD (answered by the GET handler), it still leads to the room
    for (const [method, path] of [['GET', `${e}/cod%65/ANYCODE`], ['GET', `${encoded}/code/ANYCODE`], ['HEAD', `${e}/code/ANYCODE`]] as const) {
      const link = await app.inject({ method, url: `/api/v2/public/event/${path}`, headers: early[1]!.headers });
      expect([method, path, link.statusCode, link.headers.location]).toEqual([method, path, 302, `/event/${e}`]);
    }
  });

  it('at the opening the early ones are drawn in the order the recorded seed replays to; later arrivals queue behind in arrival order', async () => {
    opensAt = new Date(Math.ceil((Date.now() + 1_000) / 1000) * 1000);
    await app.given(`event-${e}`, [catalogEvent({ type: 'EventDetailsChanged', data: { event: details(opensAt) } })]);
    // past the opening, and past the moment the settings (kept 2 s) show the new one
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt.getTime() - Date.now() + 50, 2_100)));
    for (let i = 0; i < 3; i++) {
      const buyer = { headers: await app.session() };
      late.push(buyer);
      expect((await join(buyer)).state).toBe('JOINING');
    }
    const outcome = (await step(0)).get(e);
    expect(outcome).toMatchObject({ ran: true, drawn: 12, admitted: 0 });
    await step(1); // places the later arrivals (1 ms after the opening: no admission accrued yet)
    const room = (await app.db.query('select draw_seed, drawn_count from queue_rooms where event_short_name = $1', [e])).rows[0];
    const arrivals = (await app.db.query('select session_digest from queue_tickets where event_short_name = $1 and before_opening order by arrival', [e])).rows.map((r) => r.session_digest);
    const expected = drawOrder(arrivals, room.draw_seed);
    const positions = await Promise.all(early.map(async (b) => (await status(b)).position));
    const drawn = early.map((b, i) => ({ digest: sessionDigest(b.headers['x-auth-token']!), position: positions[i] }));
    expect(drawn.sort((a, b) => a.position - b.position).map((d) => d.digest)).toEqual(expected);
    expect(await Promise.all(late.map(async (b) => (await status(b)).position))).toEqual([13, 14, 15]);
  });

  it('admits at the configured rate, in line order, each with a token bound to its session', async () => {
    await step(5_000);
    const all = await Promise.all([...early, ...late].map(status));
    const admitted = all.filter((s) => s.state === 'ADMITTED');
    expect(admitted.map((s) => s.position).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    for (const s of all.filter((x) => x.state === 'IN_LINE')) expect(s.ahead).toBe(s.position - 6);
    const first = [...early, ...late][all.findIndex((s) => s.position === 1)]!;
    const second = [...early, ...late][all.findIndex((s) => s.position === 2)]!;
    const token = (await status(first)).token as string;
    // another session's token does not pass; its own does
    expect((await reserve({ ...second.headers, 'alfio-queue-token': token })).statusCode).toBe(403);
    const reserved = await reserve({ ...first.headers, 'alfio-queue-token': token });
    expect(reserved.statusCode).toBe(200);
  });

  it('a restart in the middle of admissions loses no place: same positions, same admissions, and it goes on from there', async () => {
    const buyers = [...early, ...late];
    const before = await Promise.all(buyers.map(status));
    await app.close({ keepDatabase: true });
    app = await startTestApp({ QUEUE_ADMISSION_INTERVAL_MS: '0' }, { database: app.database });
    const after = await Promise.all(buyers.map(status));
    expect(after.map((s) => [s.state, s.position, s.token])).toEqual(before.map((s) => [s.state, s.position, s.token]));
    await step(10_000);
    const next = await Promise.all(buyers.map(status));
    expect(next.filter((s) => s.state === 'ADMITTED').map((s) => s.position).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const admissions = (await app.db.query('select from_position, to_position from queue_admissions where event_short_name = $1 order by to_position', [e])).rows;
    // contiguous ranges, none twice
    admissions.forEach((a, i) => expect(a.from_position).toBe(i === 0 ? 1 : admissions[i - 1].to_position + 1));
    expect(admissions.at(-1).to_position).toBe(10);
  });

  it('a step that finds the room taken by another process skips it: no double admission', async () => {
    const client = await app.db.connect();
    try {
      await client.query('begin');
      await client.query("select pg_advisory_xact_lock(hashtext('queue-room'), hashtext($1))", [e]);
      expect((await step(20_000)).get(e)).toMatchObject({ ran: false, admitted: 0 });
      await client.query('rollback');
    } finally {
      client.release();
    }
    // the pace state lives in the room: the step after counts from the last one that ran (10 s: 10 due, 5 left in line)
    expect((await step(20_000)).get(e)).toMatchObject({ ran: true, admitted: 5 });
  });

  let newcomer: Buyer;
  it("a visitor's first call opens its session and answers NOT_JOINED; joined, the same session is in line", async () => {
    const first = await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}/waiting-room` });
    expect(first.json()).toMatchObject({ state: 'NOT_JOINED', position: null });
    newcomer = { headers: { 'x-auth-token': String(first.headers['x-auth-token']), 'x-csrf-token': String(first.headers['xsrf-token']) } };
    expect((await join(newcomer)).state).toBe('JOINING');
    expect((await status(newcomer)).state).toBe('JOINING');
  });

  it("another process's status calls show an admission within the room snapshot's age, never a place admitted without its admission", async () => {
    const other = new WaitingRoomStore(app.db);
    const digest = sessionDigest(newcomer.headers['x-auth-token']!);
    const before = await other.place(e, digest, 60);
    expect(before).toMatchObject({ place: { position: null, admittedAt: null }, room: { admittedThrough: 15 } });
    // this process places the newcomer (16) and admits it: its own status calls see it at once
    expect((await step(30_000)).get(e)).toMatchObject({ ran: true, placed: 1, admitted: 1 });
    expect(await status(newcomer)).toMatchObject({ state: 'ADMITTED', position: 16 });
    // the other one: the place read now, the room's progress at most 200 ms old, and consistent either way
    const soon = (await other.place(e, digest, 60))!;
    expect(soon.place.position).toBe(16);
    if (soon.room.admittedThrough === 15) expect(soon.place.admittedAt).toBeNull();
    else expect(soon.place.admittedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const admission = (await app.db.query('select admitted_at from queue_admissions where event_short_name = $1 and to_position = 16', [e])).rows[0];
    expect((await other.place(e, digest, 60))!).toMatchObject({ place: { position: 16, admittedAt: admission.admitted_at }, room: { admittedThrough: 16 } });
  });

  it('a buyer whose admission lapsed joins again at the end: the place left, its admission and the draw stay on record', async () => {
    const buyers = [...early, ...late];
    const first = buyers[(await Promise.all(buyers.map(status))).findIndex((s) => s.position === 1)]!;
    const sessionId = first.headers['x-auth-token']!;
    const digest = sessionDigest(sessionId);
    // the same room eleven minutes on (the token is valid ten): the service with a clock that far ahead
    const later = new WaitingRoomService(app.app.get(WaitingRoomStore), app.app.get(WaitingRoomSettings), app.app.get(AdmissionTokens), {
      now: () => new Date(Date.now() + 11 * 60_000),
    });
    expect(await later.status(e, sessionId)).toMatchObject({ state: 'EXPIRED', position: 1 });
    // two tabs at once: one new place
    const joined = await Promise.all([later.join(e, sessionId), later.join(e, sessionId)]);
    expect(joined.map((j) => j.state)).toEqual(['JOINING', 'JOINING']);
    const places = await app.db.query('select position, before_opening, left_at from queue_tickets where event_short_name = $1 and session_digest = $2 order by arrival', [e, digest]);
    expect(places.rows).toEqual([
      { position: 1, before_opening: true, left_at: expect.any(Date) },
      { position: null, before_opening: false, left_at: null },
    ]);
    const admissions = await app.db.query('select from_position from queue_admissions where event_short_name = $1 and from_position <= 1 and to_position >= 1', [e]);
    expect(admissions.rowCount).toBe(1);
    // the documented replay still gives the draw's places
    const room = (await app.db.query('select draw_seed from queue_rooms where event_short_name = $1', [e])).rows[0];
    const arrivals = (await app.db.query('select session_digest from queue_tickets where event_short_name = $1 and before_opening order by arrival', [e])).rows.map((r) => r.session_digest);
    const drawn = (await app.db.query('select session_digest from queue_tickets where event_short_name = $1 and before_opening order by position', [e])).rows.map((r) => r.session_digest);
    expect(drawn).toHaveLength(12);
    expect(drawOrder(arrivals, room.draw_seed)).toEqual(drawn);
    // the new place is the buyer's from now on: behind everyone, then admitted
    expect(await status(first)).toMatchObject({ state: 'JOINING', position: null });
    expect((await step(40_000)).get(e)).toMatchObject({ ran: true, placed: 1, admitted: 1 });
    expect(await status(first)).toMatchObject({ state: 'ADMITTED', position: 17 });
  });

  it('joins at once share one insert each batch: every one answered, a session twice at once gets one place, arrival order is the order received', async () => {
    let statements = 0;
    const counting = { query: (...args: Parameters<typeof app.db.query>) => (statements++, app.db.query(...args)) } as unknown as typeof app.db;
    const store = new WaitingRoomStore(counting);
    const room = 'batched-joins';
    const opening = new Date(Date.now() + 60_000);
    const digests = Array.from({ length: 300 }, (_, i) => `batch-${String(i).padStart(3, '0')}`);
    const calls = [...digests.map((d, i) => store.join(room, d, opening, new Date(opening.getTime() - 1_000 + i))), store.join(room, digests[7]!, opening, opening)];
    const took = await Promise.all(calls);
    expect(took.slice(0, 300).every(Boolean)).toBe(true);
    expect(took[300]).toBe(false);
    // the room's insert, then one insert per batch: far fewer statements than joins
    expect(statements).toBeLessThanOrEqual(3);
    const { rows } = await app.db.query<{ session_digest: string; before_opening: boolean }>('select session_digest, before_opening from queue_tickets where event_short_name = $1 order by arrival', [room]);
    expect(rows.map((r) => r.session_digest)).toEqual(digests);
    expect(rows.every((r) => r.before_opening)).toBe(true);
    // a later join of a session already in line changes nothing, one of a new one takes a place
    expect(await store.join(room, digests[0]!, opening, opening)).toBe(false);
    expect(await store.join(room, 'batch-late', opening, opening)).toBe(true);
    const late = await app.db.query('select before_opening from queue_tickets where event_short_name = $1 and session_digest = $2', [room, 'batch-late']);
    expect(late.rows[0].before_opening).toBe(false);
  });
  it('a join that began before the opening but was stored after the draw queues behind the drawn ones, and the replay still holds', async () => {
    const store = new WaitingRoomStore(app.db);
    const room = 'late-stored-join';
    const opening = new Date(Date.now() + 60_000);
    const before = (ms: number) => new Date(opening.getTime() - ms);
    for (const [i, d] of ['early-a', 'early-b', 'early-c'].entries()) expect(await store.join(room, d, opening, before(1_000 - i))).toBe(true);
    const settings = { opensAt: opening, admissionsPerMinute: 60 };
    expect(await tickRoom(app.db, room, settings, opening, () => 'late-stored-seed')).toMatchObject({ ran: true, drawn: 3 });
    // its request read the clock 1 ms before the opening, its row is stored now, after the draw
    expect(await store.join(room, 'stored-late', opening, before(1))).toBe(true);
    expect(await store.join(room, 'after', opening, new Date(opening.getTime() + 1))).toBe(true);
    expect(await tickRoom(app.db, room, settings, new Date(opening.getTime() + 1), () => 'unused')).toMatchObject({ ran: true, placed: 2 });
    const { rows } = await app.db.query<{ session_digest: string; position: number; before_opening: boolean }>(
      'select session_digest, position, before_opening from queue_tickets where event_short_name = $1 order by position',
      [room],
    );
    expect(rows.slice(3)).toEqual([
      { session_digest: 'stored-late', position: 4, before_opening: false },
      { session_digest: 'after', position: 5, before_opening: false },
    ]);
    // the auditor's replay: the seed on the before_opening rows in arrival order gives their places
    const arrivals = (await app.db.query('select session_digest from queue_tickets where event_short_name = $1 and before_opening order by arrival', [room])).rows.map((r) => r.session_digest);
    const drawn = rows.filter((r) => r.before_opening).map((r) => r.session_digest);
    expect(drawn).toHaveLength(3);
    expect(drawOrder(arrivals, 'late-stored-seed')).toEqual(drawn);
  });

  it('a join before the opening waits for a draw in progress: the draw does not see it, and it is recorded as a later arrival', async () => {
    const store = new WaitingRoomStore(app.db);
    const room = 'join-during-draw';
    const opening = new Date(Date.now() + 60_000);
    expect(await store.join(room, 'early-a', opening, new Date(opening.getTime() - 1_000))).toBe(true);
    // the draw's step holds the room (as tickRoom does) while the join comes in
    const client = await app.db.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from queue_rooms where event_short_name = $1 for update', [room]);
      const joining = store.join(room, 'racing', opening, new Date(opening.getTime() - 1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await client.query("update queue_rooms set drawn_at = $2, draw_seed = 'racing-seed', drawn_count = 1 where event_short_name = $1", [room, opening]);
      await client.query("update queue_tickets set position = 1 where event_short_name = $1 and session_digest = 'early-a'", [room]);
      await client.query('commit');
      expect(await joining).toBe(true);
    } finally {
      client.release();
    }
    const racing = await app.db.query('select before_opening, position from queue_tickets where event_short_name = $1 and session_digest = $2', [room, 'racing']);
    expect(racing.rows[0]).toEqual({ before_opening: false, position: null });
  });
});
