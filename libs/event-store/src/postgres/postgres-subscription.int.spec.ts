import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId, eventually } from '../testing/fixtures.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

const LISTENER = 'ticketing-event-store-listener';

describe('PostgresEventStore live subscriptions', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('event_store_live');
    await migrate(test.db, eventStoreMigrations);
  });
  afterAll(() => test.drop());

  const listeners = async () =>
    Number((await test.db.query('select count(*) as n from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER])).rows[0].n);

  it('wakes on NOTIFY well before the poll interval', async () => {
    const store = new PostgresEventStore(test.db, { pollIntervalMs: 60_000 });
    const received: string[] = [];
    const subscription = store.subscribeToAll({ after: await store.headPosition(), onEvent: (e) => void received.push(e.type) });
    await subscription.caughtUp;
    await store.append(aStreamId('live'), [anEvent('Notified')]);
    await eventually(() => received.includes('Notified'), 2_000, 'a notified event');
    await store.close();
  });

  it('shares one LISTEN connection between subscriptions and closes it with the last one', async () => {
    const store = new PostgresEventStore(test.db);
    const one = store.subscribeToAll({ onEvent: () => undefined });
    const two = store.subscribeToAll({ onEvent: () => undefined });
    await Promise.all([one.caughtUp, two.caughtUp]);
    expect(await listeners()).toBe(1);
    await one.stop();
    expect(await listeners()).toBe(1);
    await two.stop();
    await expect.poll(listeners, { timeout: 2_000 }).toBe(0);
    await store.close();
  });

  it('keeps delivering when the LISTEN connection is killed: polls, then listens again', async () => {
    const store = new PostgresEventStore(test.db, { pollIntervalMs: 200 });
    const received: string[] = [];
    const subscription = store.subscribeToAll({ after: await store.headPosition(), onEvent: (e) => void received.push(e.type) });
    await subscription.caughtUp;
    await test.db.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER]);
    await store.append(aStreamId('lost'), [anEvent('WhileDeaf')]);
    await eventually(() => received.includes('WhileDeaf'), 3_000, 'an event appended while not listening');
    await expect.poll(listeners, { timeout: 3_000 }).toBe(1);
    await subscription.stop();
    await store.close();
  });

  it('watchAppends calls back after each committed append without reading it, and stops calling once stopped', async () => {
    const store = new PostgresEventStore(test.db, { pollIntervalMs: 60_000 });
    let calls = 0;
    const watch = store.watchAppends(() => void calls++);
    await watch.caughtUp;
    expect(await listeners()).toBe(1);
    await store.append(aStreamId('watched'), [anEvent('Watched')]);
    await eventually(() => calls === 1, 2_000, 'a call after the append');
    await watch.stop();
    await expect.poll(listeners, { timeout: 2_000 }).toBe(0);
    await store.append(aStreamId('unwatched'), [anEvent('Unwatched')]);
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toBe(1);
    await store.close();
  });

  it('close() stops every subscription of the store', async () => {
    const store = new PostgresEventStore(test.db);
    const received: string[] = [];
    const subscription = store.subscribeToAll({ after: await store.headPosition(), onEvent: (e) => void received.push(e.type) });
    await subscription.caughtUp;
    await store.close();
    await new PostgresEventStore(test.db).append(aStreamId('closed'), [anEvent('AfterClose')]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
    expect(await listeners()).toBe(0);
  });
});
