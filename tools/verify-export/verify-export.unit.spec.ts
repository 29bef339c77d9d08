import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson as libraryCanonicalJson, GENESIS_HASH, hashEvent, linkInLog as libraryLinkInLog } from '@ticketing/event-store';
import { CHECKPOINT_EVENT, CHECKPOINT_STREAM, EXPORT_FORMAT, EXPORT_VERSION, headsRoot as libraryHeadsRoot, parseSigningKey, signCheckpoint, type SignedCheckpoint } from '@ticketing/audit';
// @ts-expect-error -- a plain .mjs without types: the standalone verifier, checked here against the libraries it re-implements
import { canonicalJson, eventHash, headsRoot, linkInLog } from './verify-export.mjs';

/** The verifier imports nothing of the repository: these hold it to the libraries' hashes on awkward inputs. */
describe('tools/verify-export computes what the libraries compute', () => {
  const awkward = {
    'b-key': [1, 2.5, -0, 1e21, null, 'quote " and \\ and \n', { z: true, a: false }],
    'a-key': { ü: 'umlaut', Z: 'upper', é: 'é', '\u{1F600}': 'emoji', '': 'empty' },
    number: 123456789012345680000,
    nested: { deeper: { deepest: [[], {}] } },
  };

  it('canonical JSON', () => {
    expect(canonicalJson(awkward)).toBe(libraryCanonicalJson(awkward));
  });

  it('event hashes of both formats, with and without sealed personal data', () => {
    const base = { streamId: 'reservation-1', revision: 3, id: '5f0c4c3e-9d1b-4c47-9a57-1f0e7d1b2c3d', type: 'BookingValidated', data: awkward, metadata: { actor: 'session:x', correlationId: 'c' } };
    const personal = { subjectId: 'buyer-1', ciphertext: Buffer.from('sealed').toString('base64') };
    const previous = 'f'.repeat(64);
    const recordedAt = '2027-03-01T10:00:00.123456Z';
    expect(eventHash({ ...base, personal: null, previousHash: previous, hashFormat: 1, recordedAt })).toBe(hashEvent({ ...base, personal: null }, previous));
    expect(eventHash({ ...base, personal: { ...personal, erased: true }, previousHash: previous, hashFormat: 2, recordedAt })).toBe(hashEvent({ ...base, personal, recordedAt }, previous));
  });

  it('log links and Merkle roots', () => {
    expect(linkInLog('0'.repeat(64), 17n, 'a'.repeat(64))).toBe(libraryLinkInLog('0'.repeat(64), 17n, 'a'.repeat(64)));
    for (const count of [0, 1, 2, 3, 5, 8, 13]) {
      const heads = Array.from({ length: count }, (_, i) => ({ streamId: `stream-${(i * 7) % 13}-é${i}`, revision: i, hash: String(i).repeat(64).slice(0, 64) }));
      const map = new Map(heads.map((h) => [h.streamId, { revision: h.revision, hash: h.hash }]));
      expect(headsRoot(map)).toBe(libraryHeadsRoot(heads));
    }
  });
});

const verifier = fileURLToPath(new URL('./verify-export.mjs', import.meta.url));
const signer = parseSigningKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'));
const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-03-01T10:00:00.000Z', actor: 'session:abc' };

interface EventLine {
  readonly kind: 'event';
  readonly position: string;
  readonly streamId: string;
  readonly revision: number;
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  readonly personal: null;
  readonly recordedAt: string;
  readonly hashFormat: 2;
  readonly hash: string;
  readonly previousHash: string;
  readonly logHash: string;
}
type Line = EventLine | { readonly kind: 'header' | 'base' | 'checkpoint'; readonly [field: string]: unknown };
const isEvent = (line: Line): line is EventLine => line.kind === 'event';

/**
 * A log as the PostgreSQL store keeps it (hashes, log links) with checkpoints made as `audit checkpoint` makes
 * them: the head signed, then appended to `$checkpoints`; and its export as export-log.ts writes it.
 */
function aLog() {
  const events: EventLine[] = [];
  const checkpoints: SignedCheckpoint[] = [];
  const heads = new Map<string, { revision: number; hash: string }>();
  let link = GENESIS_HASH;
  const log = {
    append(streamId: string, type: string, data: Record<string, unknown>) {
      const head = heads.get(streamId);
      const revision = head ? head.revision + 1 : 0;
      const previousHash = head?.hash ?? GENESIS_HASH;
      const position = String(events.length + 1);
      const id = `00000000-0000-4000-8000-${position.padStart(12, '0')}`;
      const recordedAt = `2027-03-01T10:00:${String(events.length % 60).padStart(2, '0')}.123456Z`;
      const hash = hashEvent({ streamId, revision, id, type, data, metadata, personal: null, recordedAt }, previousHash);
      link = libraryLinkInLog(link, BigInt(position), hash);
      heads.set(streamId, { revision, hash });
      events.push({ kind: 'event', position, streamId, revision, id, type, data, metadata, personal: null, recordedAt, hashFormat: 2, hash, previousHash, logHash: link });
      return log;
    },
    checkpoint() {
      const leaves = [...heads].map(([streamId, head]) => ({ streamId, ...head }));
      const signed = signCheckpoint({ position: String(events.length), time: '2027-03-01T10:01:00.000000Z', logHash: link, headsRoot: libraryHeadsRoot(leaves), streams: leaves.length }, signer);
      checkpoints.push(signed);
      return log.append(CHECKPOINT_STREAM, CHECKPOINT_EVENT, { ...signed });
    },
    checkpoints,
    exportLines(from = 1n, to = BigInt(events.length)): Line[] {
      const base = from - 1n;
      const before = events.filter((e) => BigInt(e.position) <= base);
      const baseHeads = new Map(before.map((e) => [e.streamId, [e.streamId, e.revision, e.hash]]));
      const checkpointsAt = (position: bigint): Line[] => checkpoints.filter((c) => BigInt(c.position) === position).map((c) => ({ kind: 'checkpoint', ...c }));
      return [
        { kind: 'header', format: EXPORT_FORMAT, version: EXPORT_VERSION, publicKey: signer.publicKeyBase64, keyId: signer.keyId, from: String(from), to: String(to), exportedAt: '2027-03-01T11:00:00.000Z' },
        { kind: 'base', position: String(base), logHash: before.at(-1)?.logHash ?? GENESIS_HASH, heads: [...baseHeads.keys()].sort().map((id) => baseHeads.get(id)) },
        ...checkpointsAt(base),
        ...events.filter((e) => BigInt(e.position) > base && BigInt(e.position) <= to).flatMap((e) => [e, ...checkpointsAt(BigInt(e.position))]),
      ];
    },
  };
  return log;
}

/** Three orders of three events (positions 1..9), a checkpoint of them (its event at 10), two more events, a checkpoint of position 12 (its event at 13). */
function anOrderLog() {
  const log = aLog();
  for (const order of ['r-1', 'r-2', 'r-3']) {
    log.append(`reservation-${order}`, 'ReservationOpened', { reservationId: order }).append(`reservation-${order}`, 'BookingValidated', { reservationId: order, totalPrice: 5000 }).append(`reservation-${order}`, 'ReservationConfirmed', { reservationId: order });
  }
  log.checkpoint();
  log.append('reservation-r-1', 'PaymentConfirmed', { reservationId: 'r-1' }).append('inventory-gala', 'SeatsSold', { reservationId: 'r-1' });
  return log.checkpoint();
}

/** What an intruder with the export (or the database) does: new data for one event, then its hash, every later one of its stream and every log link from there on. */
function rewritten(lines: readonly Line[], position: string, change: (data: Record<string, unknown>) => Record<string, unknown>): Line[] {
  const at = lines.findIndex((l) => isEvent(l) && l.position === position);
  const target = lines[at] as EventLine;
  const before = lines.slice(0, at).reverse().find((l) => l.kind === 'event' || l.kind === 'base')!;
  let link = before.logHash as string;
  let previous = target.previousHash;
  return lines.map((l, i) => {
    if (i < at || !isEvent(l)) return l;
    let e = l;
    if (e.streamId === target.streamId) {
      const data = i === at ? change(e.data) : e.data;
      const hash = hashEvent({ streamId: e.streamId, revision: e.revision, id: e.id, type: e.type, data, metadata: e.metadata, personal: null, recordedAt: e.recordedAt }, previous);
      e = { ...e, data, previousHash: previous, hash };
      previous = hash;
    }
    link = libraryLinkInLog(link, BigInt(e.position), e.hash);
    return { ...e, logHash: link };
  });
}

const withoutCheckpointLines = (lines: readonly Line[]) => lines.filter((l) => l.kind !== 'checkpoint');
const headerSaying = (lines: readonly Line[], bounds: { from?: string; to?: string }): Line[] => lines.map((l) => (l.kind === 'header' ? { ...l, ...bounds } : l));

describe('tools/verify-export passes only an export a signed checkpoint covers, from its header\'s from to its to', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verify-export-'));
  let files = 0;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function verifyLines(lines: readonly Line[]) {
    const file = join(dir, `export-${++files}.jsonl`);
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const run = spawnSync(process.execPath, [verifier, file, '--public-key', signer.publicKeyBase64], { encoding: 'utf8' });
    return { status: run.status, stdout: run.stdout };
  }

  it('checks the checkpoints the log\'s `$checkpoints` events hold, with or without the checkpoint lines', () => {
    const lines = anOrderLog().exportLines();
    const ok = `OK: 13 event(s), positions 1..13, 2 checkpoint(s) verified with key ${signer.keyId}; signed up to position 12 (the 1 event(s) after it hold that checkpoint: it cannot sign its own event)\n`;
    expect(verifyLines(lines)).toEqual({ status: 0, stdout: ok });
    expect(verifyLines(withoutCheckpointLines(lines))).toEqual({ status: 0, stdout: ok });
  });

  it('fails an event rewritten with every later hash and log link recomputed once the checkpoint lines are deleted, and a forged checkpoint event', () => {
    const tampered = rewritten(anOrderLog().exportLines(), '5', (data) => ({ ...data, totalPrice: 1 }));
    expect(verifyLines(tampered)).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD checkpoint at position 9: the stream heads and the log chain at its position are not the ones signed: an event after position 0 up to 9/) });
    expect(verifyLines(withoutCheckpointLines(tampered))).toMatchObject({
      status: 1,
      stdout: expect.stringMatching(/^BAD checkpoint at position 9 \(\$checkpoints@0 at position 10\): the stream heads and the log chain at its position are not the ones signed: an event after position 0 up to 9/),
    });

    const forged = rewritten(withoutCheckpointLines(anOrderLog().exportLines()), '13', (data) => ({ ...data, headsRoot: 'f'.repeat(64) }));
    expect(verifyLines(forged)).toEqual({ status: 1, stdout: 'BAD checkpoint at position 12 ($checkpoints@1 at position 13): its signature does not match its content\n' });
  });

  it('fails events no checkpoint covers: a log never signed, events after the last checkpoint, a checkpoint event replayed after them', () => {
    const unsigned = aLog().append('reservation-r-1', 'ReservationOpened', { reservationId: 'r-1' }).append('reservation-r-1', 'BookingValidated', { reservationId: 'r-1' });
    expect(verifyLines(unsigned.exportLines())).toEqual({
      status: 1,
      stdout: 'BAD reservation-r-1@0 (position 1): no signed checkpoint covers it (2 event(s) up to position 2 uncovered; the export holds no checkpoint (line or `$checkpoints` event) at all): nothing proves they are the ones signed. Export up to a checkpoint\'s position (--to), after making one if need be (audit checkpoint)\n',
    });

    const goneOn = anOrderLog().append('reservation-r-2', 'PaymentConfirmed', { reservationId: 'r-2' }).append('inventory-gala', 'SeatsSold', { reservationId: 'r-2' });
    expect(verifyLines(goneOn.exportLines())).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD reservation-r-2@3 \(position 14\): no signed checkpoint covers it \(2 event\(s\) up to position 15 uncovered; the last checkpoint is at position 12\)/) });
    // the checkpoint's own event is its log's last: an export up to the checkpoint's position, not after it, passes
    expect(verifyLines(goneOn.exportLines(5n, 12n))).toMatchObject({ status: 0, stdout: expect.stringMatching(/^OK: 8 event\(s\), positions 5\.\.12, 2 checkpoint\(s\) verified with key [0-9a-f]{16}; signed up to position 12\n$/) });

    // a copy of the last checkpoint appended to `$checkpoints` holds a valid signature, of a position before the events it follows
    const replayed = goneOn.append(CHECKPOINT_STREAM, CHECKPOINT_EVENT, { ...goneOn.checkpoints[1] });
    expect(verifyLines(withoutCheckpointLines(replayed.exportLines()))).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD reservation-r-2@3 \(position 14\): no signed checkpoint covers it \(2 event\(s\) up to position 16 uncovered/) });
  });

  it('fails an export cut short of the position its header runs to, and events outside its range', () => {
    const lines = anOrderLog().exportLines();
    expect(lines[0]).toMatchObject({ kind: 'header', from: '1', to: '13' });
    // the first lines: header, base, events 1..6
    expect(verifyLines(lines.slice(0, 8))).toEqual({ status: 1, stdout: 'BAD position 7: missing: the export ends at position 6, its header says it runs to 13 (positions 7..13 cut off)\n' });
    // the last event, the last checkpoint line and the event before it
    expect(verifyLines(lines.slice(0, -3))).toEqual({ status: 1, stdout: 'BAD position 12: missing: the export ends at position 11, its header says it runs to 13 (positions 12..13 cut off)\n' });
    expect(verifyLines(lines.slice(0, -1))).toEqual({ status: 1, stdout: 'BAD position 13: missing: the export ends at position 12, its header says it runs to 13 (position 13 cut off)\n' });

    expect(verifyLines(headerSaying(lines, { to: '12' }))).toEqual({ status: 1, stdout: `BAD $checkpoints@1 (position 13): after the export's end: its header says it runs to 12 (added)\n` });
    const middle = anOrderLog().exportLines(5n);
    expect(verifyLines(headerSaying(middle, { from: '1' }))).toEqual({ status: 1, stdout: 'BAD the base (line 2): at position 4, while the header says the export runs from 1: the base must be at 0\n' });
    // an empty range holds nothing to cut off, and nothing signed either
    expect(verifyLines(anOrderLog().exportLines(14n, 0n))).toMatchObject({ status: 1, stdout: expect.stringMatching(/^BAD \S+export-\d+\.jsonl: no event \(its header's range is 14\.\.0\): nothing that a checkpoint signed to verify\n$/) });
  });
});
