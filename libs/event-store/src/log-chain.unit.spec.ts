import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, HASH_FORMAT, LEGACY_HASH_FORMAT } from './hash-chain.js';
import { checkLogLink, linkInLog, LOG_STREAM_ID, LogChainVerifier, type LogEntry, type LogHead } from './log-chain.js';

const hashOf = (n: number) => createHash('sha256').update(`event ${n}`).digest('hex');

/** Positions 1..legacy stored before the chain (with the gap `legacyGap`), then `chained` more, linked. */
function aLog(legacy: number, chained: number, legacyGap?: number): { entries: LogEntry[]; head: LogHead } {
  const entries: LogEntry[] = [];
  let link = GENESIS_HASH;
  for (let n = 1; n <= legacy; n++) {
    if (n === legacyGap) continue;
    link = linkInLog(link, BigInt(n), hashOf(n));
    entries.push({ position: BigInt(n), streamId: `s${n % 3}`, revision: n, hash: hashOf(n), hashFormat: LEGACY_HASH_FORMAT, logHash: null });
  }
  const anchor = link;
  for (let n = legacy + 1; n <= legacy + chained; n++) {
    link = linkInLog(link, BigInt(n), hashOf(n));
    entries.push({ position: BigInt(n), streamId: `s${n % 3}`, revision: n, hash: hashOf(n), hashFormat: HASH_FORMAT, logHash: link });
  }
  return { entries, head: { position: BigInt(legacy + chained), logHash: link, chainedAfter: BigInt(legacy), anchor } };
}

function problems(head: LogHead, entries: readonly LogEntry[], page = 3) {
  const verifier = new LogChainVerifier(head);
  for (let i = 0; i < entries.length; i += page) verifier.check(entries.slice(i, i + page));
  return verifier.finish().map((p) => [p.streamId === LOG_STREAM_ID ? '$log' : 'event', p.kind, p.position]);
}

describe('linkInLog', () => {
  it('is the SHA-256 of previous link, position and hash, as the SQL of event_store_take_positions writes it', () => {
    expect(linkInLog(GENESIS_HASH, 7n, 'ab')).toBe(createHash('sha256').update(`${GENESIS_HASH}:7:ab`).digest('hex'));
  });
});

describe('LogChainVerifier', () => {
  it('passes an intact log, with gaps before the chain began (a rolled-back append) and none after', () => {
    const { entries, head } = aLog(5, 6, 3);
    expect(problems(head, entries)).toEqual([]);
    expect(problems(aLog(0, 0).head, [])).toEqual([]);
    expect(problems(aLog(4, 0).head, aLog(4, 0).entries)).toEqual([]);
  });

  it('reports missing positions after the chain began as removed, once per gap', () => {
    const { entries, head } = aLog(2, 8);
    expect(problems(head, entries.filter((e) => e.position !== 5n))).toEqual([['$log', 'removed', 5n]]);
    expect(problems(head, entries.filter((e) => e.position < 5n || e.position > 7n))).toEqual([['$log', 'removed', 5n]]);
  });

  it('reports a log that ends before its head as removed, and events beyond it as inserted', () => {
    const { entries, head } = aLog(2, 4);
    expect(problems(head, entries.slice(0, -2))).toEqual([['$log', 'removed', 5n]]);
    expect(problems({ ...head, position: 4n }, entries)).toEqual([['$log', 'inserted', 5n]]);
  });

  it('reports an event whose hash or position changed as altered, and goes on from its stored link', () => {
    const { entries, head } = aLog(2, 6);
    const changed = entries.map((e) => (e.position === 4n ? { ...e, hash: hashOf(99) } : e));
    expect(problems(head, changed)).toEqual([['event', 'altered', 4n]]);
    const swapped = entries.map((e) => (e.position === 5n ? { ...e, position: 6n } : e.position === 6n ? { ...e, position: 5n } : e));
    swapped.sort((a, b) => Number(a.position - b.position));
    expect(problems(head, swapped)).toEqual([['event', 'altered', 5n], ['event', 'altered', 6n]]);
  });

  it('reports a format 1 event after the chain began, and an old event removed, added or changed before it', () => {
    const { entries, head } = aLog(4, 3);
    expect(problems(head, entries.map((e) => (e.position === 6n ? { ...e, hashFormat: LEGACY_HASH_FORMAT } : e)))).toEqual([['event', 'altered', 6n]]);
    expect(problems(head, entries.filter((e) => e.position !== 2n))).toEqual([['$log', 'altered', 4n]]);
    expect(problems(aLog(4, 0).head, aLog(4, 0).entries.slice(1))).toEqual([['$log', 'altered', 4n]]);
  });
});

describe('checkLogLink (one stream at a time)', () => {
  const { entries } = aLog(2, 4);
  const at = (position: bigint) => entries.find((e) => e.position === position)!;

  it('passes an event linked to the stored link before it, and reports one that is not', () => {
    expect(checkLogLink(at(5n), at(4n).logHash)).toBeUndefined();
    expect(checkLogLink({ ...at(5n), position: 6n }, at(4n).logHash)).toMatchObject({ kind: 'altered', position: 6n, revision: 5 });
    expect(checkLogLink({ ...at(5n), hashFormat: LEGACY_HASH_FORMAT }, at(4n).logHash)).toMatchObject({ kind: 'altered' });
  });

  it('leaves an event after one without a link (forged, replaced) to the whole-log check', () => {
    expect(checkLogLink(at(5n), null)).toBeUndefined();
  });
});
