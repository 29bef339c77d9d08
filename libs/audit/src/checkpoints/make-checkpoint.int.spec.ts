import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { headsAt } from './log-at-position.js';
import { makeCheckpoint } from './make-checkpoint.js';
import { headsRoot } from './merkle.js';
import { parseSigningKey } from './signing-key.js';

const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-03-01T10:00:00.000Z', actor: 'session:abc' };
const event = (n: number) => ({ type: 'Step', data: { n }, metadata });

describe('makeCheckpoint', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  const signer = parseSigningKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  beforeAll(async () => {
    test = await createTestDatabase('make_checkpoint');
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db);
    dir = mkdtempSync(join(tmpdir(), 'make-checkpoint-'));
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const make = (onlyIfChanged: boolean) => makeCheckpoint({ db: test.db, store, signer, file: join(dir, 'c.jsonl'), actor: 'system:test', onlyIfChanged });

  it('makes one checkpoint at a time: of three scheduled at once after a change, one signs; on demand, each signs its own position', async () => {
    await store.append('a', [event(1), event(2)]);
    await store.append('b', [event(3)]);
    const scheduled = await Promise.all([make(true), make(true), make(true)]);
    expect(scheduled.filter((made) => made !== null)).toHaveLength(1);
    expect(scheduled.find((made) => made !== null)!.checkpoint).toMatchObject({ position: '3', streams: 2 });

    const onDemand = await Promise.all([make(false), make(false)]);
    expect(onDemand.map((made) => made!.checkpoint.position).sort()).toEqual(['4', '5']);
    const lines = readFileSync(join(dir, 'c.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.position, l.after, l.eventHashes.length])).toEqual([['3', '0', 3], ['4', '3', 1], ['5', '4', 1]]);
  });

  it('signs heads that stay reproducible from the events once the log moved on', async () => {
    const made = await make(false);
    await store.append('a', [event(4)]);
    await store.append('c', [event(5)]);
    const position = BigInt(made!.checkpoint.position);
    expect(headsRoot(await headsAt(test.db, position))).toBe(made!.checkpoint.headsRoot);
    expect(headsRoot(await headsAt(test.db, position + 2n))).not.toBe(made!.checkpoint.headsRoot);
  });
});
