import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStoreMigrations, PostgresEventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { catchUpCheckpointFile } from './catch-up-checkpoint-file.js';
import { CHECKPOINT_STREAM, type SignedCheckpoint } from './checkpoint.js';
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
  const lastInLog = async () => (await store.readStream(CHECKPOINT_STREAM)).at(-1)!.data as unknown as SignedCheckpoint;
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

  it('writes the line a failed write left out of the file at the next run, idle or not, before its own', async () => {
    const file = join(dir, 'c.jsonl');
    const linesNow = () => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const before = linesNow();
    await store.append('a', [event(6)]);
    // the file cannot be written (a directory in its place): the checkpoint lands in the log only, and the run fails
    renameSync(file, `${file}.saved`);
    mkdirSync(file);
    await expect(make(false)).rejects.toThrow(/EISDIR/);
    rmdirSync(file);
    renameSync(`${file}.saved`, file);
    const missed = await lastInLog();
    expect(linesNow()).toEqual(before);

    // the next run finds nothing new to sign, but writes the missing line, its event hashes read from the log
    expect(await make(true)).toBeNull();
    const caughtUp = linesNow();
    expect(caughtUp.slice(0, -1)).toEqual(before);
    const { rows } = await test.db.query('select position, hash from events where position > $1 and position <= $2 order by position', [before.at(-1).position, missed.position]);
    expect(caughtUp.at(-1)).toEqual({ ...missed, after: before.at(-1).position, eventHashes: rows.map((r) => [r.position, r.hash]), copiedLateAt: expect.any(String) });

    // nothing written twice, and a new checkpoint goes after it
    expect(await make(true)).toBeNull();
    expect(linesNow()).toHaveLength(caughtUp.length);
    await store.append('a', [event(7)]);
    const next = await make(true);
    expect(linesNow().slice(-2).map((l) => [l.position, l.after, l.copiedLateAt])).toEqual([
      [missed.position, before.at(-1).position, expect.any(String)],
      [next!.checkpoint.position, missed.position, undefined],
    ]);
  });

  it('rewrites a lost file from the log, each line as the file had it but for when its hashes were read', async () => {
    const file = join(dir, 'c.jsonl');
    const kept = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    rmSync(file);
    expect(await catchUpCheckpointFile({ db: test.db, file })).toBe(kept.length);
    const rewritten = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rewritten.map(({ copiedLateAt: _at, ...line }) => line)).toEqual(kept.map(({ copiedLateAt: _at, ...line }) => line));
    expect(await catchUpCheckpointFile({ db: test.db, file })).toBe(0);
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
