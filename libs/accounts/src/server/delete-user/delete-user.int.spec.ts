import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED, historyOf } from '@ticketing/audit';
import type { TestApp } from '@ticketing/testing/app';
import { ReservationQueries } from '@ticketing/sales/server';
import { MARGARET, signedIn, startAccountsApp, visitorOn, type Visitor } from '../user-me/account.fixtures.js';
import { userIdOf } from '../users/user-id.js';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));
/** What must be gone: the names and e-mail on the profile, the booking, the tickets and the pass. */
const TRACES = /Hamilton|Heafield|margaret@example\.org|Apollo Way/;

describe('DELETE /api/v2/public/user/me: deletion erases (reference 3.6 item 45, issue 16 point 4)', () => {
  let app: TestApp;
  let stop: () => Promise<void>;
  let margaret: Visitor;
  let userId: string;
  let orders: string[];
  let deleted: { status: number; body: { targetUrl: string; empty: boolean } };

  /** Every row of these tables as text (jsonb and arrays included). */
  const dump = async (...tables: string[]) => {
    const texts: string[] = [];
    for (const table of tables) texts.push(...(await app.db.query<{ row: string }>(`select t::text as row from ${table} t`)).rows.map((r) => r.row));
    return texts.join('\n');
  };
  /** The raw rows of the log, the ciphertext read as bytes (escape encoding), as someone with the database would. */
  const rawLog = async () =>
    (
      await app.db.query<{ row: string }>(
        `select concat_ws(' ', stream_id, type, data::text, metadata::text, personal_subject_id, encode(personal_ciphertext, 'escape')) as row from events order by position`,
      )
    ).rows.map((r) => r.row);

  /** `npm run tools -- ...` against the test's database, as a program. */
  const tools = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'tools/cli/main.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: app.database.url }, encoding: 'utf8' });

  beforeAll(async () => {
    const started = await startAccountsApp();
    ({ app, stop } = started);
    userId = userIdOf(started.provider.issuer, MARGARET.id);
    margaret = await signedIn(app, MARGARET.email, MARGARET.password);
    const person = { firstName: 'Margaret', lastName: 'Hamilton', email: MARGARET.email };
    expect((await margaret.call('POST', '/user/me', { firstName: 'Margaret', lastName: 'Heafield Hamilton', billingAddressLine1: 'Apollo Way 11', billingAddressZip: '02139', billingAddressCity: 'Cambridge', vatCountryCode: 'US' })).status).toBe(200);
    const tickets = await margaret.reserveTickets(2);
    await margaret.complete(tickets, person);
    const pass = await margaret.reservePass();
    await margaret.complete(pass, person);
    const pending = await margaret.reserveTickets(1);
    orders = [tickets, pass, pending];
    await app.settle();

    // before: the person is in the read models, decrypted, and in the log's personal data (readable with the keys)
    expect(await dump('accounts_users', 'accounts_orders', 'ticketing_tickets')).toMatch(TRACES);
    expect(JSON.stringify((await app.store.readAll()).map((e) => e.personal?.data ?? null))).toMatch(TRACES);

    const other = await visitorOn(app, margaret.headers['x-auth-token']!);
    deleted = (await other.call('DELETE', '/user/me')) as typeof deleted;
    await app.settle();
  });
  afterAll(() => stop?.());

  it('answers a ClientRedirect to the provider\'s end-session page and signs the user out', async () => {
    expect(deleted.status).toBe(200);
    expect(deleted.body.empty).toBe(false);
    expect(new URL(deleted.body.targetUrl).pathname).toBe('/session/end');
    expect((await margaret.call('GET', '/user/me')).status).toBe(204);
    expect((await margaret.call('GET', '/user/reservations')).status).toBe(204);
    expect((await margaret.call('DELETE', '/user/me')).status).toBe(401);
  });

  it('leaves neither the names nor the e-mail in the read models', async () => {
    expect(await dump('accounts_users', 'accounts_orders', 'ticketing_tickets', 'accounts_sessions', 'sales_reservations')).not.toMatch(TRACES);
    const [user] = (await app.db.query('select first_name, last_name, email, profile, deleted from accounts_users where user_id = $1', [userId])).rows;
    expect(user).toEqual({ first_name: null, last_name: null, email: null, profile: null, deleted: true });
    const holders = (await app.db.query('select holder from ticketing_tickets where reservation_id = $1', [orders[0]])).rows;
    expect(holders).toEqual([{ holder: null }, { holder: null }]);
    // the reservation pages, read from the log, have forgotten the buyer too
    const page = await app.app.get(ReservationQueries).info(orders[0]!);
    expect(page.id).toBe(orders[0]);
    expect(JSON.stringify(page)).not.toMatch(TRACES);
    // and the order stays the account's: nobody else opens it (reference 3.3)
    expect((await (await visitorOn(app, (await app.session())['x-auth-token']!)).call('GET', `/reservation/${orders[0]}`)).status).toBe(401);
  });

  it('leaves neither in the raw rows of the events table, and forgot every key they were sealed with', async () => {
    const rows = await rawLog();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.join('\n')).not.toMatch(TRACES);
    const subjects = [userId, ...orders.map((id) => `reservation-${id}`)];
    expect((await app.db.query('select subject_id from subject_keys where subject_id = any($1)', [subjects])).rows).toEqual([]);
    // through the store as well: every personal part of the user's and their orders' events reads as erased
    const theirs = (await app.store.readAll()).filter((e) => e.personal && subjects.includes(e.personal.subjectId));
    expect(theirs.length).toBeGreaterThanOrEqual(6);
    expect(theirs.every((e) => e.personal!.erased && e.personal!.data === null)).toBe(true);
    expect(JSON.stringify((await app.store.readAll()).map(({ data, metadata, personal }) => ({ data, metadata, personal })))).not.toMatch(TRACES);
  });

  it('records the deletion: the audit history shows that data was erased, not what it was', async () => {
    const history = await historyOf(app.store, `user-${userId}`);
    expect(history.map((e) => e.type)).toEqual(['UserRegistered', 'UserSignedIn', 'UserProfileSaved', 'UserDeleted']);
    expect(history[0]!.personal).toEqual({ subjectId: userId, data: ERASED });
    expect(history[2]!.personal).toEqual({ subjectId: userId, data: ERASED });
    expect(history[3]!.data).toEqual({ userId, reservationIds: orders, erasedSubjects: [userId, ...orders.slice(0, 2).map((id) => `reservation-${id}`)] });
  });

  it('keeps the log verifiable: `audit verify-log` passes, run as the program is', () => {
    const run = tools('audit', 'verify-log');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^log intact: \d+ stream\(s\), \d+ event\(s\), 0 problem\(s\)$/m);
    const history = tools('audit', 'history', `user-${userId}`);
    expect(history.stdout).toContain(`personal (${userId}): "[erased]"`);
    expect(history.stdout).not.toMatch(TRACES);
  });

  it('has read models equal to a rebuild from the erased log (`projections verify`)', () => {
    for (const name of ['accounts-users', 'accounts-orders', 'ticketing-tickets']) {
      const run = tools('projections', 'verify', name);
      expect(run.status, `${name}: ${run.stdout}${run.stderr}`).toBe(0);
    }
  });

  it('registers the person afresh at their next sign-in, with nothing of before', async () => {
    const again = await signedIn(app, MARGARET.email, MARGARET.password);
    expect((await again.call('GET', '/user/me')).body).toEqual({ firstName: 'Margaret', lastName: 'Hamilton', emailAddress: MARGARET.email, profile: null, external: true });
    expect((await again.call('GET', '/user/reservations')).body).toEqual(expect.any(Array));
  });
});
