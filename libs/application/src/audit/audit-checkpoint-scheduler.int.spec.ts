import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchedulerRegistry } from '@nestjs/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_STREAM, loadSigningKey, signatureProblem, type SignedCheckpoint } from '@ticketing/audit';
import { eventStoreMigrations, PostgresEventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import type { AppConfig } from '../config/app-config.js';
import { AuditCheckpointScheduler } from './audit-checkpoint-scheduler.js';

const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-03-01T10:00:00.000Z', actor: 'session:abc' };

describe('AuditCheckpointScheduler', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  beforeAll(async () => {
    test = await createTestDatabase('checkpoint_scheduler');
    await migrate(test.db, eventStoreMigrations);
    store = new PostgresEventStore(test.db);
    dir = mkdtempSync(join(tmpdir(), 'checkpoint-scheduler-'));
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = () => ({ signingKey: null, signingKeyFile: join(dir, 'signing-key.pem'), checkpointFile: join(dir, 'checkpoints.jsonl'), intervalMs: 40, mayGenerate: true });
  const fileLines = () => readFileSync(join(dir, 'checkpoints.jsonl'), 'utf8').trim().split('\n');
  const inLog = async () => (await store.readStream(CHECKPOINT_STREAM)).map((e) => e.data as unknown as SignedCheckpoint);
  const until = async (check: () => Promise<boolean>) => {
    for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((r) => setTimeout(r, 20))) if (await check()) return;
    throw new Error('timed out');
  };

  it('signs on its interval with a dev key it makes, and not again while the log only grew by its own checkpoint', async () => {
    await store.append('reservation-1', [{ type: 'ReservationOpened', data: { seats: 1 }, metadata }]);
    const registry = new SchedulerRegistry();
    const scheduler = new AuditCheckpointScheduler({ auditCheckpoints: settings() } as unknown as AppConfig, test.db, store, registry);
    scheduler.onApplicationBootstrap();
    expect(registry.getIntervals()).toEqual(['audit-checkpoints']);
    await until(async () => (await inLog()).length === 1);
    // several intervals with nothing new: no second checkpoint
    await new Promise((r) => setTimeout(r, 300));
    expect(await inLog()).toHaveLength(1);

    await store.append('reservation-1', [{ type: 'BookingValidated', data: {}, metadata }]);
    await until(async () => (await inLog()).length === 2);
    await scheduler.onApplicationShutdown();
    expect(registry.getIntervals()).toEqual([]);

    const [first, second] = await inLog();
    expect([first!.position, second!.position]).toEqual(['1', '3']);
    expect(fileLines().map((l) => JSON.parse(l).signature)).toEqual([first!.signature, second!.signature]);
    expect(statSync(join(dir, 'signing-key.pem')).mode & 0o777).toBe(0o600);
    const signer = await loadSigningKey({ configured: null, devKeyFile: join(dir, 'signing-key.pem'), mayGenerate: true }, { create: false });
    expect(signatureProblem(second!, signer!.publicKey)).toBeNull();
    expect((await store.readStream(CHECKPOINT_STREAM))[0]!.metadata.actor).toBe('system:audit-checkpoints');
  });

  it('stays off with an interval of 0, and in production without a key', () => {
    for (const off of [{ intervalMs: 0 }, { mayGenerate: false }]) {
      const registry = new SchedulerRegistry();
      new AuditCheckpointScheduler({ auditCheckpoints: { ...settings(), ...off } } as unknown as AppConfig, test.db, store, registry).onApplicationBootstrap();
      expect(registry.getIntervals()).toEqual([]);
    }
  });
});
