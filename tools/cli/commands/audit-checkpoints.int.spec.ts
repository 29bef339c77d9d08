import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, hashEvent, linkInLog, recordedAtText, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { projectionMigrations, type ProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { runCli } from '../run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-03-01T10:00:00.000Z', actor: 'session:abc' };
const root = fileURLToPath(new URL('../../..', import.meta.url));
const verifier = join(root, 'tools/verify-export/verify-export.mjs');

const ids = ['5f0c4c3e-9d1b-4c47-9a57-1f0e7d1b2c3d', '6a1d5d4f-0e2c-4d58-8b68-2a1f8e2c3d4e', '7b2e6e50-1f3d-4e69-9c79-3b209f3d4e5f'];

/** The events of an order awaiting its bank transfer: opened (buyer's personal data sealed), validated, confirmed offline. */
function anOrder(reservationId: string) {
  return [
    {
      type: 'ReservationOpened',
      data: { reservationId, eventShortName: 'gala', language: 'en', validUntil: '2027-03-01T10:25:00.000Z', promoCode: null, tickets: [{ ticketId: `t-${reservationId}`, categoryId: 1, metadata: {} }], additionalServices: [], price: { requiresPayment: true }, ownerUserId: null },
      metadata,
    },
    { type: 'BookingValidated', data: { reservationId, totalPrice: 5000 }, metadata, personal: { subjectId: `buyer-${reservationId}`, data: { email: `${reservationId}@example.org` } } },
    {
      type: 'ReservationConfirmed',
      data: { reservationId, eventShortName: 'gala', paymentProxy: 'OFFLINE', paymentMethod: 'BANK_TRANSFER', status: 'OFFLINE_PAYMENT', paymentDeadline: '2027-03-06T11:00:00.000Z', privacyPolicyAccepted: true },
      metadata,
    },
  ];
}
const held = (reservationId: string) => ({
  type: 'SeatsHeld',
  data: { eventShortName: 'gala', reservationId, tickets: [{ categoryId: 1, quantity: 1 }], services: [], codeUse: null, expiresAt: '2027-03-06T11:00:00.000Z' },
  metadata,
});

/**
 * The tamper test of issue 18: someone with write access to the database rewrites one event and recomputes every
 * later hash of its stream, its stream head and the whole log chain. verify-log cannot see it; the signed
 * checkpoints (in the log and in the file) and the offline verifier on an export do, and name the event.
 */
describe('signed checkpoints, verify-log --checkpoints, export and tools/verify-export', () => {
  let test: TestDatabase;
  let store: EventStore;
  let dir: string;
  let publicKey: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    test = await createTestDatabase('cli_checkpoints');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createEventStore({ db: test.db });
    dir = mkdtempSync(join(tmpdir(), 'checkpoints-'));
    const { privateKey } = generateKeyPairSync('ed25519');
    process.env['AUDIT_SIGNING_KEY'] = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    process.env['AUDIT_CHECKPOINT_FILE'] = join(dir, 'checkpoints.jsonl');
    // three orders, two of them paid by the operator's confirmation (tickets issued, seats sold)
    await store.append('inventory-gala', ids.map(held));
    for (const id of ids) await store.append(`reservation-${id}`, anOrder(id));
    expect((await cli('reservations', 'confirm-payment', ids[0]!)).code).toBe(0);
  });
  afterAll(async () => {
    process.env = saved;
    await store.close();
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function cli(...argv: string[]): Promise<{ code: number; text: string }> {
    let text = '';
    const code = await runCli(argv, { db: test.db, store, projections: allProjections, out: { write: (t) => (text += t) }, logger: silent });
    return { code, text };
  }

  function verifyExport(file: string, ...args: string[]) {
    return spawnSync(process.execPath, [verifier, file, ...args], { encoding: 'utf8' });
  }

  it('signs checkpoints into the log and the file, and verifies them and a round-trip export', async () => {
    const first = await cli('audit', 'checkpoint');
    expect(first).toMatchObject({ code: 0, text: expect.stringMatching(/^checkpoint at position \d+ \(5 stream\(s\), heads root [0-9a-f]{64}, log hash [0-9a-f]{64}\) signed with key [0-9a-f]{16}; appended to the log at position \d+ and to /) });
    // the order goes on after the first checkpoint: paid, its seats sold, its ticket issued
    expect((await cli('reservations', 'confirm-payment', ids[1]!)).code).toBe(0);
    expect((await cli('audit', 'checkpoint')).code).toBe(0);
    await store.forgetSubject(`buyer-${ids[2]}`);

    const lines = readFileSync(process.env['AUDIT_CHECKPOINT_FILE']!, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[1].after).toBe(lines[0].position);
    const { rows } = await test.db.query("select count(*)::int as n from events where position <= $1 and position > $2", [lines[1].position, lines[0].position]);
    expect(lines[1].eventHashes).toHaveLength(rows[0].n);

    const key = await cli('audit', 'public-key');
    publicKey = /base64 \(DER SubjectPublicKeyInfo\): (\S+)/.exec(key.text)![1]!;

    expect(await cli('audit', 'verify-log')).toMatchObject({ code: 0, text: expect.stringContaining('log intact') });
    // the whole-log check reports its progress over both passes (by stream, then in log order)
    const calls: [number, number][] = [];
    const verified = await store.verify(undefined, { onProgress: (done, total) => calls.push([done, total]) });
    expect(calls.at(-1)).toEqual([2 * verified.eventsChecked, 2 * verified.eventsChecked]);
    expect(calls.map(([done]) => done)).toEqual([...calls.map(([done]) => done)].sort((a, b) => a - b));
    expect(await cli('audit', 'verify-log', '--checkpoints', '--log-only')).toMatchObject({ code: 0, text: expect.stringMatching(/^checkpoints intact: 2 checkpoint\(s\) from the log, \d+ event\(s\) recomputed, 0 problem\(s\)$/m) });
    // the configured file is read without --file, as export reads it
    expect(await cli('audit', 'verify-log', '--checkpoints')).toMatchObject({ code: 0, text: expect.stringContaining(`checkpoints intact: 2 checkpoint(s) from the file ${process.env['AUDIT_CHECKPOINT_FILE']} and the log`) });
    const withFile = await cli('audit', 'verify-log', '--checkpoints', '--file', process.env['AUDIT_CHECKPOINT_FILE']!);
    expect(withFile).toMatchObject({ code: 0, text: expect.stringContaining('checkpoints intact: 2 checkpoint(s) from the file') });

    const exported = join(dir, 'clean.jsonl');
    expect(await cli('audit', 'export', '--out', exported)).toMatchObject({ code: 0, text: expect.stringMatching(/^exported \d+ event\(s\), positions 1\.\.\d+, with 2 checkpoint\(s\)/) });
    const exportLines = readFileSync(exported, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(exportLines[0]).toMatchObject({ kind: 'header', format: 'ticketing-audit-export', version: 1, publicKey });
    // personal data as stored: ciphertext, erased once its key is gone, never the plain text
    const sealed = exportLines.filter((l) => l.kind === 'event' && l.personal);
    expect(sealed).toHaveLength(3);
    expect(sealed.filter((l) => l.personal.erased).map((l) => l.personal.subjectId)).toEqual([`buyer-${ids[2]}`]);
    expect(readFileSync(exported, 'utf8')).not.toContain('@example.org');

    const ok = verifyExport(exported, '--public-key', publicKey);
    expect(ok.stdout).toMatch(/^OK: \d+ event\(s\), positions 1\.\.\d+, 2 checkpoint\(s\) verified with key [0-9a-f]{16}; signed up to position \d+/);
    expect(ok.status).toBe(0);

    // an export from the middle of the log carries the heads before it, which the checkpoints then cover
    const partial = join(dir, 'partial.jsonl');
    expect((await cli('audit', 'export', '--from', String(Number(lines[0].position) - 2), '--out', partial)).code).toBe(0);
    expect(verifyExport(partial, '--public-key', publicKey)).toMatchObject({ status: 0, stdout: expect.stringContaining('2 checkpoint(s) verified') });

    // bounds by time: everything recorded between two times, the same lines as by position
    const byTime = join(dir, 'by-time.jsonl');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(await cli('audit', 'export', '--from', '2000-01-01T00:00:00Z', '--to', later, '--out', byTime)).toMatchObject({ code: 0, text: expect.stringMatching(/^exported \d+ event\(s\), positions 1\.\./) });
    expect(readFileSync(byTime, 'utf8').split('\n').slice(1)).toEqual(readFileSync(exported, 'utf8').split('\n').slice(1));
    expect(await cli('audit', 'export', '--from', 'yesterday')).toMatchObject({ code: 2, text: expect.stringContaining('--from: a position (digits) or a time (ISO 8601), not yesterday') });

    // a checkpoint signed with another key is refused
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(verifyExport(exported, '--public-key', other)).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD checkpoint at position \d+: signed with another key/) });
  });

  it('detects an event rewritten with every later hash, its head and the log chain recomputed, and names it', async () => {
    const stream = `reservation-${ids[0]}`;
    const tampered = await rewriteEvent(stream, 1, (data) => ({ ...data, totalPrice: 1 }));

    // the chains alone hold: every hash, the head and the log chain were recomputed
    const plain = await cli('audit', 'verify-log');
    expect(plain).toMatchObject({ code: 0, text: expect.stringMatching(/^log intact: \d+ stream\(s\), \d+ event\(s\), 0 problem\(s\)$/m) });

    const fromLog = await cli('audit', 'verify-log', '--checkpoints', '--log-only');
    expect(fromLog.code).toBe(1);
    expect(fromLog.text).toMatch(/^log-differs checkpoint at position \d+: the stream heads as of position \d+ are not the ones signed .*; the log chain at position \d+ is not the one signed/m);
    expect(fromLog.text).toMatch(/: an event after position 0 up to \d+ was changed, removed or added \(not named: the checkpoint file, whose event hashes name it, holds no line for this checkpoint or was not read\)$/m);
    // the later checkpoint disagrees too: the rewritten stream's head is in its root as well
    expect(fromLog.text).toMatch(/^log-differs checkpoint at position \d+: .* \(the same change as at the checkpoint before, or another\)$/m);
    expect(fromLog.text).toContain('checkpoints BROKEN: 2 checkpoint(s) from the log');

    // as the operator runs it: the configured checkpoint file is read, and names the event
    const asRun = await cli('audit', 'verify-log', '--checkpoints');
    expect(asRun.code).toBe(1);
    expect(asRun.text).toContain(`first event that disagrees: ${stream}@1 (position ${tampered})`);
    expect(asRun.text).toContain(`checkpoints BROKEN: 2 checkpoint(s) from the file ${process.env['AUDIT_CHECKPOINT_FILE']} and the log`);
    const fromFile = await cli('audit', 'verify-log', '--checkpoints', '--file', process.env['AUDIT_CHECKPOINT_FILE']!);
    expect(fromFile.code).toBe(1);
    expect(fromFile.text).toContain(`first event that disagrees: ${stream}@1 (position ${tampered})`);

    const exported = join(dir, 'tampered.jsonl');
    expect((await cli('audit', 'export', '--out', exported)).code).toBe(0);
    const bad = verifyExport(exported, '--public-key', publicKey);
    expect(bad.stdout).toMatch(new RegExp(`^BAD ${stream}@1 \\(position ${tampered}\\): rewritten: its hash is not the one recorded when the checkpoint was signed`));
    expect(bad.status).toBe(1);

    // without the checkpoint file's hashes the verifier still fails, naming the checkpoint whose window holds the event
    const lines = readFileSync(exported, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const bare = join(dir, 'bare.jsonl');
    writeFileSync(bare, lines.map((l) => JSON.stringify({ ...l, eventHashes: undefined })).join('\n') + '\n');
    expect(verifyExport(bare, '--public-key', publicKey)).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD checkpoint at position \d+: the stream heads and the log chain at its position are not the ones signed/) });
  });

  it('finds a checkpoint of the file that the log lost', async () => {
    await test.db.query("delete from events where stream_id = '$checkpoints' and revision = 1");
    const lost = await cli('audit', 'verify-log', '--checkpoints', '--file', process.env['AUDIT_CHECKPOINT_FILE']!);
    expect(lost.code).toBe(1);
    expect(lost.text).toMatch(/^missing-in-log checkpoint at position \d+: in the checkpoint file, no longer in the log$/m);
  });

  it('finds the checkpoints moved out of the log by the file, and checks nothing signed without it', async () => {
    // the intruder moves the checkpoint rows to another stream: the log's own query finds none
    await test.db.query("update events set stream_id = '$moved' where stream_id = '$checkpoints'");
    try {
      const moved = await cli('audit', 'verify-log', '--checkpoints');
      expect(moved.code).toBe(1);
      expect(moved.text.match(/^missing-in-log checkpoint at position \d+: in the checkpoint file, no longer in the log$/gm)).toHaveLength(2);
      expect(moved.text).toContain(`checkpoints BROKEN: 2 checkpoint(s) from the file ${process.env['AUDIT_CHECKPOINT_FILE']} and the log`);

      const logOnly = await cli('audit', 'verify-log', '--checkpoints', '--log-only');
      expect(logOnly).toMatchObject({ code: 1, text: expect.stringMatching(/^checkpoints NOT VERIFIED: no checkpoint in the log \(none signed yet, or removed\)/m) });
      expect(logOnly.text).not.toContain('intact');
    } finally {
      await test.db.query("update events set stream_id = '$checkpoints' where stream_id = '$moved'");
    }
  });

  it('finds a changed event in an export, and a removed one', async () => {
    const exported = join(dir, 'again.jsonl');
    expect((await cli('audit', 'export', '--from', '1', '--to', '12', '--out', exported)).code).toBe(0);
    const lines = readFileSync(exported, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const edited = lines.map((l) => (l.kind === 'event' && l.position === '4' ? { ...l, data: { ...l.data, forged: true } } : l));
    const changed = join(dir, 'changed.jsonl');
    writeFileSync(changed, edited.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const event = lines.find((l) => l.position === '4' && l.kind === 'event');
    expect(verifyExport(changed)).toMatchObject({ status: 1, stdout: `BAD ${event.streamId}@${event.revision} (position 4): its content does not match its hash (altered)\n` });
    const removed = join(dir, 'removed.jsonl');
    writeFileSync(removed, lines.filter((l) => !(l.kind === 'event' && l.position === '6')).map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(verifyExport(removed)).toMatchObject({ status: 1, stdout: 'BAD position 6: missing: the next event is at 7 (removed events)\n' });
  });

  it('runs as a program, signing with a development key it makes and keeps', () => {
    const keyFile = join(dir, 'dev', 'signing-key.pem');
    const env = { ...process.env, DATABASE_URL: test.url, AUDIT_SIGNING_KEY: '', AUDIT_SIGNING_KEY_FILE: keyFile, AUDIT_CHECKPOINT_FILE: join(dir, 'dev', 'checkpoints.jsonl') };
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'tools/cli/main.ts', ...args], { cwd: root, env, encoding: 'utf8' });
    const made = run('audit', 'checkpoint');
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^checkpoint at position \d+ .* signed with key [0-9a-f]{16}; appended to the log/);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    // the log is tampered with (the test before): the checkpoints signed with the other key are refused as well
    const verified = run('audit', 'verify-log', '--checkpoints');
    expect(verified.status).toBe(1);
    expect(verified.stdout).toMatch(/^signature checkpoint at position \d+: signed with another key/m);
  });

  /**
   * What an intruder with database access does: new data for one event, then its hash and every later one of its
   * stream, the stream head, and every log link from there on with the log head. Returns the event's position.
   */
  async function rewriteEvent(streamId: string, revision: number, change: (data: Record<string, unknown>) => Record<string, unknown>): Promise<string> {
    const { rows } = await test.db.query(
      `select position, revision, id, type, data, metadata, personal_subject_id, personal_ciphertext, previous_hash, ${recordedAtText('recorded_at')} as recorded_at_text
       from events where stream_id = $1 and revision >= $2 order by revision`,
      [streamId, revision],
    );
    let previous = rows[0].previous_hash as string;
    for (const row of rows) {
      const data = row.revision === revision ? change(row.data) : row.data;
      const personal = row.personal_subject_id ? { subjectId: row.personal_subject_id, ciphertext: (row.personal_ciphertext as Buffer).toString('base64') } : null;
      const hash = hashEvent({ streamId, revision: row.revision, id: row.id, type: row.type, data, metadata: row.metadata, personal, recordedAt: row.recorded_at_text }, previous);
      await test.db.query('update events set data = $2, hash = $3, previous_hash = $4 where position = $1', [row.position, data, hash, previous]);
      previous = hash;
    }
    await test.db.query('update streams set last_hash = $2 where stream_id = $1', [streamId, previous]);
    const from = BigInt(rows[0].position);
    const before = await test.db.query('select log_hash from events where position = $1', [String(from - 1n)]);
    let link = before.rows[0].log_hash as string;
    const later = await test.db.query('select position, hash from events where position >= $1 order by position', [String(from)]);
    for (const row of later.rows) {
      link = linkInLog(link, BigInt(row.position), row.hash);
      await test.db.query('update events set log_hash = $2 where position = $1', [row.position, link]);
    }
    await test.db.query('update event_log set log_hash = $1', [link]);
    return rows[0].position;
  }
});
