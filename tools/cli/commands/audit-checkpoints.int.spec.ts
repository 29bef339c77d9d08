import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkpointSettingsFromEnv, makeCheckpoint, parseSigningKey } from '@ticketing/audit';
import { createEventStore, eventStoreMigrations, hashEvent, linkInLog, recordedAtText, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { projectionMigrations, type ProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { runCli, USAGE } from '../run-cli.js';
import { withEventLog } from '../../shared/event-log-session.js';

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

  /** `text` what goes to stdout, `errors` what goes to stderr. */
  async function cli(...argv: string[]): Promise<{ code: number; text: string; errors: string }> {
    let text = '';
    let errors = '';
    const code = await runCli(argv, { db: test.db, store, projections: allProjections, out: { write: (t) => (text += t) }, err: { write: (t) => (errors += t) }, logger: silent });
    return { code, text, errors };
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
    // without --to, the export ends where the last checkpoint signed the log: the checkpoint's own event is after it
    expect(await cli('audit', 'export', '--out', exported)).toMatchObject({
      code: 0,
      text: expect.stringMatching(new RegExp(`^exported \\d+ event\\(s\\), positions 1\\.\\.${lines[1].position}, with 2 checkpoint\\(s\\).*: the 1 later event\\(s\\) are not signed yet`)),
    });
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
    const byPosition = join(dir, 'by-position.jsonl');
    expect((await cli('audit', 'export', '--from', '1', '--to', (await store.headPosition()).toString(), '--out', byPosition)).code).toBe(0);
    expect(readFileSync(byTime, 'utf8').split('\n').slice(1)).toEqual(readFileSync(byPosition, 'utf8').split('\n').slice(1));
    // to the log's end: the only event after the last checkpoint is that checkpoint's own, which proves nothing new
    expect(verifyExport(byPosition, '--public-key', publicKey)).toMatchObject({ status: 0 });
    expect(await cli('audit', 'export', '--from', 'yesterday')).toMatchObject({ code: 2, text: '', errors: expect.stringContaining('--from: a position (digits) or a time (ISO 8601), not yesterday') });

    // a checkpoint signed with another key is refused
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(verifyExport(exported, '--public-key', other)).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD checkpoint at position \d+: signed with another key/) });
  });

  it("exports from position 0 as from the log's start, and to a position past its end as to its end", async () => {
    const head = (await store.headPosition()).toString();
    const fromZero = join(dir, 'from-zero.jsonl');
    expect(await cli('audit', 'export', '--from', '0', '--to', head, '--out', fromZero)).toMatchObject({ code: 0, text: expect.stringContaining(`positions 1..${head}`) });
    expect(verifyExport(fromZero, '--public-key', publicKey)).toMatchObject({ status: 0, stdout: expect.stringMatching(new RegExp(`^OK: \\d+ event\\(s\\), positions 1\\.\\.${head}`)) });
    // a --to past the end is the end
    expect(await cli('audit', 'export', '--from', head, '--to', '99999')).toMatchObject({ code: 0, errors: expect.stringMatching(new RegExp(`^exported 1 event\\(s\\), positions ${head}\\.\\.${head}, `)) });
  });

  it('refuses a range that holds no event, as a wrong command line, and makes no --out for it', async () => {
    const head = (await store.headPosition()).toString();
    const refused = async (...bounds: string[]) => {
      const out = join(dir, `empty-${bounds.join('_').replace(/[^0-9a-z]/gi, '')}.jsonl`);
      const answer = await cli('audit', 'export', ...bounds, '--out', out);
      expect(answer, bounds.join(' ')).toMatchObject({ code: 2, text: '' });
      expect(existsSync(out), `${bounds.join(' ')} leaves no file`).toBe(false);
      return answer.errors.split('\n')[0];
    };
    expect(await refused('--from', '10', '--to', '5')).toBe('nothing to export: to position 5 comes before from position 10');
    expect(await refused('--from', '99999')).toBe(`nothing to export: from position 99999 is past the log's end (position ${head})`);
    expect(await refused('--from', '2027-01-01T00:00:00Z', '--to', '2026-01-01')).toMatch(/^nothing to export: no event was recorded at or after 2027-01-01T00:00:00.000Z/);
    expect(await refused('--to', '2001-01-01')).toBe('nothing to export: no event was recorded at or before 2001-01-01T00:00:00.000Z');
    expect(await refused('--to', '0')).toBe('nothing to export: to position 0 comes before from position 1');
  });

  it('checks the command line before it makes --out, never writes over a file, and leaves none behind when it fails', async () => {
    const out = join(dir, 'retry.jsonl');
    const once = async (...args: string[]) => {
      const answer = await cli('audit', 'export', ...args);
      expect(answer.text, args.join(' ')).toBe('');
      return answer;
    };
    expect(await once('--from', 'yesterday', '--out', out)).toMatchObject({ code: 2 });
    expect(existsSync(out)).toBe(false);
    expect(await once('--checkpoint-file', join(dir, 'nonexistent.jsonl'), '--out', out)).toEqual({ code: 1, text: '', errors: `failed: --checkpoint-file ${join(dir, 'nonexistent.jsonl')}: no such file\n` });
    expect(existsSync(out)).toBe(false);
    // the retry finds the name free
    expect((await cli('audit', 'export', '--out', out)).code).toBe(0);
    const exported = readFileSync(out, 'utf8');

    expect(await once('--out', out)).toEqual({ code: 1, text: '', errors: `failed: --out ${out}: exists already (an export never overwrites a file)\n` });
    expect(readFileSync(out, 'utf8')).toBe(exported);
    const nowhere = join(dir, 'no-such-folder', 'x.jsonl');
    expect(await once('--out', nowhere)).toEqual({ code: 1, text: '', errors: `failed: --out ${nowhere}: no folder ${join(dir, 'no-such-folder')}\n` });
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false);
  });

  it('says what is wrong with a key: a file that is not there, text that is no Ed25519 key', async () => {
    const missing = join(dir, 'does-not-exist.pem');
    expect(await cli('audit', 'verify-log', '--checkpoints', '--public-key', missing)).toEqual({
      code: 1,
      text: '',
      errors: `failed: --public-key ${missing}: no such file (nor a key: PEM, or base64 of its DER SubjectPublicKeyInfo)\n`,
    });
    const garbled = join(dir, 'garbled.pem');
    writeFileSync(garbled, 'not a key\n');
    expect((await cli('audit', 'verify-log', '--checkpoints', '--public-key', garbled)).errors).toBe(`failed: --public-key ${garbled}: not an Ed25519 public key (PEM, or base64 of its DER SubjectPublicKeyInfo)\n`);
    expect((await cli('audit', 'verify-log', '--checkpoints', '--public-key', 'A'.repeat(60))).errors).toBe('failed: --public-key: not an Ed25519 public key (PEM, or base64 of its DER SubjectPublicKeyInfo)\n');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect((await cli('audit', 'verify-log', '--checkpoints', '--public-key', rsa)).errors).toBe('failed: --public-key: not an Ed25519 public key: a rsa key\n');
    // the key as a PEM file is read
    const pem = join(dir, 'public.pem');
    writeFileSync(pem, parseSigningKey(process.env['AUDIT_SIGNING_KEY']!).publicKey.export({ type: 'spki', format: 'pem' }));
    expect(await cli('audit', 'verify-log', '--checkpoints', '--public-key', pem)).toMatchObject({ code: 0, text: expect.stringContaining('checkpoints intact: 2 checkpoint(s)') });

    const configured = process.env['AUDIT_SIGNING_KEY'];
    try {
      process.env['AUDIT_SIGNING_KEY'] = 'nonsense';
      expect(await cli('audit', 'public-key')).toEqual({ code: 1, text: '', errors: 'failed: AUDIT_SIGNING_KEY: not an Ed25519 private key (PEM, or base64 of its DER PKCS#8 form)\n' });
      writeFileSync(join(dir, 'k.pem'), 'garbage');
      process.env['AUDIT_SIGNING_KEY'] = '';
      process.env['AUDIT_SIGNING_KEY_FILE'] = join(dir, 'k.pem');
      expect((await cli('audit', 'public-key')).errors).toBe(`failed: ${join(dir, 'k.pem')}: not an Ed25519 private key (PEM, or base64 of its DER PKCS#8 form)\n`);
    } finally {
      process.env['AUDIT_SIGNING_KEY'] = configured;
      delete process.env['AUDIT_SIGNING_KEY_FILE'];
    }
  });

  it('never makes a key for public-key: it says there is none, and how one is made', async () => {
    const configured = process.env['AUDIT_SIGNING_KEY'];
    try {
      // a mistyped key file: nothing is made there, and no key is printed that nothing was signed with
      process.env['AUDIT_SIGNING_KEY'] = '';
      const mistyped = join(dir, 'x', 'k.pem');
      process.env['AUDIT_SIGNING_KEY_FILE'] = mistyped;
      const none = await cli('audit', 'public-key');
      expect(none).toMatchObject({ code: 1, text: '' });
      expect(none.errors).toBe(
        `failed: no signing key: AUDIT_SIGNING_KEY is not set, and there is no key file ${mistyped} (AUDIT_SIGNING_KEY_FILE); ` +
          "the first checkpoint makes one there (audit checkpoint, or the API's), or set AUDIT_SIGNING_KEY (openssl genpkey -algorithm ed25519)\n",
      );
      expect(existsSync(join(dir, 'x'))).toBe(false);
    } finally {
      process.env['AUDIT_SIGNING_KEY'] = configured;
      delete process.env['AUDIT_SIGNING_KEY_FILE'];
    }
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
    // as run, an error goes to stderr (main's `out` is stdout), in one line
    const existing = join(dir, 'clean.jsonl');
    expect(run('audit', 'export', '--out', existing)).toMatchObject({ status: 1, stdout: '', stderr: `failed: --out ${existing}: exists already (an export never overwrites a file)\n` });
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

/**
 * `npm start` gives the API the embedded PostgreSQL's URL as DATABASE_URL; the tools find that URL in
 * .data/database-url. Both must name the default checkpoint file after that database, or the CLI's checkpoints go to
 * another file than the API's and verify-log --checkpoints reports the API's as lost from the file.
 */
describe('the checkpoint file of the database the tools use', () => {
  let test: TestDatabase;
  let checkout: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    test = await createTestDatabase('cli_checkpoint_file');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    checkout = mkdtempSync(join(tmpdir(), 'checkout-'));
    mkdirSync(join(checkout, '.data'));
    writeFileSync(join(checkout, '.data/database-url'), `${test.url}\n`);
    process.env['AUDIT_SIGNING_KEY'] = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    delete process.env['AUDIT_CHECKPOINT_FILE'];
    delete process.env['DATABASE_URL'];
  });
  afterAll(async () => {
    process.env = saved;
    vi.restoreAllMocks();
    await test.drop();
    rmSync(checkout, { recursive: true, force: true });
  });

  /** As `npm run tools -- <argv>` runs in the checkout while its `npm start` runs: no DATABASE_URL, the URL in .data/database-url. */
  async function tools(...argv: string[]): Promise<{ code: number; text: string }> {
    let text = '';
    vi.spyOn(process, 'cwd').mockReturnValue(checkout);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await withEventLog(USAGE, ({ db, store }) =>
        runCli(argv, { db, store, projections: allProjections, out: { write: (t) => (text += t) }, err: { write: (t) => (text += t) }, logger: silent }),
      );
      return { code, text };
    } finally {
      vi.restoreAllMocks();
      delete process.env['DATABASE_URL'];
    }
  }

  it("appends the CLI's checkpoints to the API's file, which verify-log --checkpoints then reads whole", async () => {
    const store = createEventStore({ db: test.db });
    await store.append('inventory-gala', [held(ids[0]!)]);
    // the API's checkpoint, with the environment tools/start/start.mjs gives it (the file as app-config.ts names it)
    vi.spyOn(process, 'cwd').mockReturnValue(checkout);
    const apiFile = checkpointSettingsFromEnv({ ...process.env, DATABASE_URL: test.url }).checkpointFile;
    vi.restoreAllMocks();
    const database = new URL(test.url).pathname.slice(1);
    expect(apiFile).toBe(join(checkout, `.data/audit/checkpoints-${database}.jsonl`));
    await makeCheckpoint({ db: test.db, store, signer: parseSigningKey(process.env['AUDIT_SIGNING_KEY']!), file: apiFile, actor: 'system:api' });
    await store.close();

    const made = await tools('audit', 'checkpoint');
    expect(made).toMatchObject({ code: 0, text: expect.stringContaining(`and to ${apiFile}\n`) });
    expect(readdirSync(join(checkout, '.data/audit'))).toEqual([`checkpoints-${database}.jsonl`]);
    expect(readFileSync(apiFile, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(await tools('audit', 'verify-log', '--checkpoints')).toMatchObject({ code: 0, text: expect.stringContaining(`checkpoints intact: 2 checkpoint(s) from the file ${apiFile} and the log`) });
  });
});
