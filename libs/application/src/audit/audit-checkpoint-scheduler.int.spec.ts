import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchedulerRegistry } from '@nestjs/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_STREAM, loadSigningKey, signatureProblem, type SignedCheckpoint } from '@ticketing/audit';
import { eventStoreMigrations, PostgresEventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { InvalidConfigurationError, type AppConfig } from '../config/app-config.js';
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
    await scheduler.onApplicationBootstrap();
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

  it('stays off with an interval of 0, and in production without a key', async () => {
    for (const off of [{ intervalMs: 0 }, { mayGenerate: false }]) {
      const registry = new SchedulerRegistry();
      await new AuditCheckpointScheduler({ auditCheckpoints: { ...settings(), ...off } } as unknown as AppConfig, test.db, store, registry).onApplicationBootstrap();
      expect(registry.getIntervals()).toEqual([]);
    }
  });

  it('writes the lines the checkpoint file lacks from the log at the start', async () => {
    const kept = fileLines().map((l) => JSON.parse(l));
    rmSync(join(dir, 'checkpoints.jsonl'));
    const registry = new SchedulerRegistry();
    const scheduler = new AuditCheckpointScheduler({ auditCheckpoints: { ...settings(), intervalMs: 60_000 } } as unknown as AppConfig, test.db, store, registry);
    await scheduler.onApplicationBootstrap();
    await until(async () => existsSync(join(dir, 'checkpoints.jsonl')) && readFileSync(join(dir, 'checkpoints.jsonl'), 'utf8').split('\n').length > kept.length);
    await scheduler.onApplicationShutdown();
    expect(fileLines().map((l) => JSON.parse(l).signature)).toEqual(kept.map((l) => l.signature));
    expect(await inLog()).toHaveLength(kept.length);
  });

  it('refuses to start in production when the checkpoint file cannot be written; elsewhere signs into the log only', async () => {
    // a file where the file's directory should be: as any user, root included, nothing can be written there
    writeFileSync(join(dir, 'blocked'), '');
    const checkpointFile = join(dir, 'blocked', 'checkpoints.jsonl');
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const prod = new SchedulerRegistry();
    const config = (mode: string) => ({ mode, auditCheckpoints: { ...settings(), signingKey: key, mayGenerate: mode !== 'prod', checkpointFile } }) as unknown as AppConfig;
    const refused = new AuditCheckpointScheduler(config('prod'), test.db, store, prod).onApplicationBootstrap();
    await expect(refused).rejects.toThrow(InvalidConfigurationError);
    await expect(refused).rejects.toThrow(`invalid configuration:\n  AUDIT_CHECKPOINT_FILE: ${checkpointFile} cannot be written (EEXIST: file already exists, mkdir '${join(dir, 'blocked')}')`);
    expect(prod.getIntervals()).toEqual([]);

    const dev = new SchedulerRegistry();
    const scheduler = new AuditCheckpointScheduler(config('dev'), test.db, store, dev);
    await scheduler.onApplicationBootstrap();
    expect(dev.getIntervals()).toEqual(['audit-checkpoints']);
    await scheduler.onApplicationShutdown();
  });
});
