import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { anEvent, aStreamId } from '../testing/fixtures.js';
import { eventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

/** What the contract cannot see through the port: the rows themselves. */
describe('PostgresEventStore storage', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await createTestDatabase('event_store_storage');
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  it('stores nothing of a batch whose last event fails to insert, not even the stream head', async () => {
    const stream = aStreamId('atomic');
    const duplicateId = globalThis.crypto.randomUUID();
    await store.append(aStreamId('other'), [{ ...anEvent('Taken'), id: duplicateId }]);
    await expect(store.append(stream, [anEvent('Fine'), { ...anEvent('Clash'), id: duplicateId }])).rejects.toThrow(/duplicate key/);
    expect(await store.readStream(stream)).toEqual([]);
    const head = await test.db.query('select 1 from streams where stream_id = $1', [stream]);
    expect(head.rowCount).toBe(0);
    expect((await store.append(stream, [anEvent('Again')], 'no_stream')).nextExpectedRevision).toBe(0);
  });

  it('keeps personal data only as ciphertext in the events table', async () => {
    const stream = aStreamId('at-rest');
    const subjectId = `s-${stream}`;
    await store.append(stream, [anEvent('DetailsGiven', { step: 2 }, { subjectId, data: { email: 'secret-mail@example.org' } })]);
    const { rows } = await test.db.query('select data::text as data, personal_subject_id, personal_ciphertext from events where stream_id = $1', [stream]);
    expect(rows[0].personal_subject_id).toBe(subjectId);
    expect(rows[0].data).not.toContain('secret-mail');
    expect(Buffer.from(rows[0].personal_ciphertext).toString('latin1')).not.toContain('secret-mail');
    const key = await test.db.query('select key, wrapped from subject_keys where subject_id = $1', [subjectId]);
    expect(key.rows[0].wrapped).toBe(false);
    expect(key.rows[0].key).toHaveLength(32);
  });

  it('wraps subject keys with a master key, and refuses to read them without it', async () => {
    const masterKey = Buffer.alloc(32, 7);
    const wrapping = new PostgresEventStore(test.db, { masterKey });
    const stream = aStreamId('wrapped');
    const subjectId = `s-${stream}`;
    await wrapping.append(stream, [anEvent('DetailsGiven', {}, { subjectId, data: { name: 'Grace' } })]);
    const key = await test.db.query('select key, wrapped from subject_keys where subject_id = $1', [subjectId]);
    expect(key.rows[0].wrapped).toBe(true);
    expect((await wrapping.readStream(stream))[0]!.personal).toEqual({ subjectId, data: { name: 'Grace' }, erased: false });
    await expect(store.readStream(stream)).rejects.toThrow(/EVENTSTORE_MASTER_KEY/);
    await expect(new PostgresEventStore(test.db, { masterKey: Buffer.alloc(32, 8) }).readStream(stream)).rejects.toThrow();
    await wrapping.close();
  });

  it('opens an event\'s personal data only when `personal` is read, once', async () => {
    const stream = aStreamId('lazy');
    const subjectId = `s-${stream}`;
    await store.append(stream, [anEvent('DetailsGiven', { step: 1 }, { subjectId, data: { name: 'Ada' } }), anEvent('Plain')]);
    // a ciphertext that cannot be opened: a read that never looks at `personal` does not meet it
    await test.db.query(`update events set personal_ciphertext = '\\x09'::bytea where stream_id = $1 and revision = 0`, [stream]);
    const [sealed, plain] = await store.readStream(stream);
    expect(sealed!.data).toEqual({ step: 1 });
    expect(plain!.personal).toBeUndefined();
    expect(() => sealed!.personal).toThrow(/unknown format 9/);
    const [again] = await store.readAll({ after: sealed!.position - 1n, maxCount: 1 });
    expect(() => again!.personal).toThrow(/unknown format 9/);
    const fresh = aStreamId('lazy-ok');
    await store.append(fresh, [anEvent('DetailsGiven', {}, { subjectId: `s-${fresh}`, data: { name: 'Grace' } })]);
    const [event] = await store.readStream(fresh);
    expect(event!.personal).toBe(event!.personal);
    expect(event!.personal).toEqual({ subjectId: `s-${fresh}`, data: { name: 'Grace' }, erased: false });
    expect({ ...event }.personal).toEqual({ subjectId: `s-${fresh}`, data: { name: 'Grace' }, erased: false });
  });

  it('returns positions as bigint and recordedAt as an ISO instant', async () => {
    const stream = aStreamId('types');
    const result = await store.append(stream, [anEvent('A')]);
    const [event] = await store.readStream(stream);
    expect(typeof result.position).toBe('bigint');
    expect(event!.position).toBe(result.position);
    expect(event!.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
