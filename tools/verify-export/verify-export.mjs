#!/usr/bin/env node
// Offline verifier of an audit export (`npm run tools -- audit export`): no database, no network, nothing but
// Node's own modules. Checks every stream's hash chain, the log chain, each checkpoint's Ed25519 signature, its
// Merkle root over the stream heads and its log chain link (the checkpoint lines and the ones the log's own
// `$checkpoints` events hold), that the export runs from the header's `from` to its `to` and that a checkpoint
// covers its last event. Prints OK, or the first bad event, and exits 1.
// Usage: node verify-export.mjs <export.jsonl> [--public-key <base64 DER SPKI | PEM file>]
// The format and every check are described in README.md beside this file.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const GENESIS_HASH = '0'.repeat(64);
const FORMAT = 'ticketing-audit-export';
const VERSION = 1;
const CHECKPOINT_FORMAT = 1;
const CHECKPOINT_STREAM = '$checkpoints';

const sha256 = (...parts) => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return h.digest();
};

/** JSON with object keys sorted by UTF-16 code units, undefined fields left out (libs/event-store/src/canonical-json.ts). */
export function canonicalJson(value) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      const keys = Object.keys(value).sort();
      return `{${keys.filter((k) => value[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
    }
    default:
      return JSON.stringify(value) ?? 'null';
  }
}

/** An event's hash (hash-chain.ts): its content and the previous hash, `recordedAt` from hash format 2 on. */
export function eventHash(event) {
  const personal = event.personal ? { subjectId: event.personal.subjectId, ciphertext: event.personal.ciphertext } : null;
  const content = { streamId: event.streamId, revision: event.revision, id: event.id, type: event.type, data: event.data, metadata: event.metadata, personal, previousHash: event.previousHash };
  if (event.hashFormat >= 2) content.recordedAt = event.recordedAt;
  return sha256(canonicalJson(content)).toString('hex');
}

/** The log chain's next link (log-chain.ts). */
export const linkInLog = (previous, position, hash) => sha256(`${previous}:${position}:${hash}`).toString('hex');

/** Merkle root over stream heads (libs/audit/src/checkpoints/merkle.ts). `heads`: Map streamId -> { revision, hash }. */
export function headsRoot(heads) {
  const ids = [...heads.keys()].sort();
  if (ids.length === 0) return sha256().toString('hex');
  let level = ids.map((streamId) => {
    const { revision, hash } = heads.get(streamId);
    return sha256(Buffer.from([0]), JSON.stringify({ hash, revision, streamId }));
  });
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256(Buffer.from([1]), level[i], level[i + 1]) : level[i]);
    level = next;
  }
  return level[0].toString('hex');
}

/** A checkpoint as a `$checkpoints` event's data holds it (toSignedCheckpoint in checkpoint.ts), null when a field is missing. */
function readCheckpoint(data) {
  const fields = ['position', 'time', 'logHash', 'headsRoot', 'keyId', 'signature', 'publicKey'];
  if (typeof data !== 'object' || data === null || fields.some((f) => typeof data[f] !== 'string') || !/^\d+$/.test(data.position)) return null;
  const { format, position, time, logHash, headsRoot, streams, keyId, signature, publicKey } = data;
  return { format: Number(format), position, time, logHash, headsRoot, streams: Number(streams), keyId, signature, publicKey };
}

const signedText = (c) => canonicalJson({ format: c.format, position: c.position, time: c.time, logHash: c.logHash, headsRoot: c.headsRoot, streams: c.streams, keyId: c.keyId });
/** What makes two checkpoints the same one: a line and the `$checkpoints` event holding it are verified once. */
const verifiedKey = (c) => `${signedText(c)} ${c.signature} ${c.publicKey}`;
const keyId = (der) => sha256(der).toString('hex').slice(0, 16);

function readPublicKey(text) {
  const source = existsSync(text) ? readFileSync(text, 'utf8') : text;
  const key = source.trim().startsWith('-----BEGIN') ? createPublicKey(source) : createPublicKey({ key: Buffer.from(source.trim(), 'base64'), format: 'der', type: 'spki' });
  return { key, der: key.export({ type: 'spki', format: 'der' }) };
}

class Bad extends Error {
  constructor(where, reason) {
    super(`${where}: ${reason}`);
    this.where = where;
  }
}

const eventName = (e) => `${e.streamId}@${e.revision} (position ${e.position})`;
const positions = (from, to) => (from === to ? `position ${from}` : `positions ${from}..${to}`);
const linesOf = (path) => createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });

/**
 * First pass: the checkpoints the log's own `$checkpoints` events hold, by the position they sign. Each event lands
 * after the position it signs, so the second pass must know them before it gets there, while the state (heads, log
 * link) is the one signed. Nothing here is trusted: each is verified like a checkpoint line, in the second pass.
 */
async function checkpointEvents(path) {
  const found = [];
  for await (const text of linesOf(path)) {
    // most lines are other events: not parsed twice. One spelled otherwise (escaped) is only missed, and a checkpoint missed proves nothing
    if (!text.includes(CHECKPOINT_STREAM)) continue;
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      continue; // the second pass names it
    }
    const checkpoint = line?.kind === 'event' && line.streamId === CHECKPOINT_STREAM ? readCheckpoint(line.data) : null;
    if (checkpoint) found.push({ checkpoint, at: BigInt(checkpoint.position), where: `checkpoint at position ${checkpoint.position} (${line.streamId}@${line.revision} at position ${line.position})` });
  }
  return found.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export async function verifyExport(path, options = {}) {
  const inLog = await checkpointEvents(path);
  let nextInLog = 0;
  const verified = new Set(); // signed text and signature of each checkpoint verified: one held by a line and an event is checked once
  let header = null;
  let trusted = options.publicKey ? readPublicKey(options.publicKey) : null;
  let heads = null;
  let link = null;
  let base = null; // the base's position
  let last = null; // position of the last event (or of the base)
  let window = []; // events since the last checkpoint (or the base)
  let windowAfter = null;
  let events = 0;
  let checkpoints = 0;
  let lastCheckpoint = null;
  let rangeFrom = null; // the header's bounds, where it names them
  let rangeTo = null;
  let first = null; // position of the first event
  let uncovered = null; // the first event after the last checkpoint verified (none covers it yet), and how many there are
  let own = 0; // the `$checkpoints` events after it that hold it: no checkpoint can sign its own event
  let lineNumber = 0;
  for await (const text of linesOf(path)) {
    lineNumber++;
    if (text.trim() === '') continue;
    let line;
    try {
      line = JSON.parse(text);
    } catch {
      throw new Bad(`line ${lineNumber}`, 'not JSON');
    }
    if (!header) {
      if (line.kind !== 'header' || line.format !== FORMAT || line.version !== VERSION) throw new Bad(`line ${lineNumber}`, `not a ${FORMAT} v${VERSION} header`);
      header = line;
      trusted ??= readPublicKey(header.publicKey);
      rangeFrom = /^\d+$/.test(header.from ?? '') ? BigInt(header.from) : null;
      rangeTo = /^\d+$/.test(header.to ?? '') ? BigInt(header.to) : null;
      continue;
    }
    if (!heads) {
      if (line.kind !== 'base') throw new Bad(`line ${lineNumber}`, 'the base (stream heads before the first event) must follow the header');
      heads = new Map(line.heads.map(([streamId, revision, hash]) => [streamId, { revision, hash }]));
      link = line.logHash;
      base = BigInt(line.position);
      last = base;
      windowAfter = base;
      if (rangeFrom !== null && base !== rangeFrom - 1n) throw new Bad(`the base (line ${lineNumber})`, `at position ${base}, while the header says the export runs from ${rangeFrom}: the base must be at ${rangeFrom - 1n}`);
      continue;
    }
    if (line.kind === 'event') {
      checkEvent(line);
      events++;
      continue;
    }
    if (line.kind === 'checkpoint') {
      checkCheckpoint(line, `checkpoint at position ${line.position}`);
      continue;
    }
    throw new Bad(`line ${lineNumber}`, `unknown kind ${String(line.kind)}`);
  }
  if (!heads) throw new Bad(path, 'no header and base: not an export');
  checkInLogUpTo(last + 1n);
  // the header is not signed, but it says what the export should hold: an export cut short is not the one made
  if (rangeTo !== null && (rangeFrom === null || rangeTo >= rangeFrom) && last < rangeTo) throw new Bad(`position ${last + 1n}`, `missing: the export ends at position ${last}, its header says it runs to ${rangeTo} (${positions(last + 1n, rangeTo)} cut off)`);
  if (first === null) throw new Bad(path, `no event (its header's range is ${header.from}..${header.to}): nothing that a checkpoint signed to verify`);
  if (uncovered) {
    // the chains hold, but an event rewritten with every later hash recomputed holds them too: only a signature tells
    const since = lastCheckpoint === null ? 'the export holds no checkpoint (line or `$checkpoints` event) at all' : `the last checkpoint is at position ${lastCheckpoint}`;
    throw new Bad(uncovered.name, `no signed checkpoint covers it (${uncovered.count} event(s) up to position ${last} uncovered; ${since}): nothing proves they are the ones signed. Export up to a checkpoint's position (--to), after making one if need be (audit checkpoint)`);
  }
  return { events, checkpoints, from: first, to: last, keyId: keyId(trusted.der), lastCheckpoint, own };

  function checkEvent(e) {
    const position = BigInt(e.position);
    const where = eventName(e);
    if (position <= last) throw new Bad(where, `out of order: after position ${last}`);
    if (rangeTo !== null && position > rangeTo) throw new Bad(where, `after the export's end: its header says it runs to ${rangeTo} (added)`);
    // positions are gapless once the log chain began (events with a log link)
    if (e.logHash !== null && position !== last + 1n) throw new Bad(`position ${last + 1n}`, `missing: the next event is at ${position} (removed events)`);
    checkInLogUpTo(position);
    const head = heads.get(e.streamId) ?? { revision: -1, hash: GENESIS_HASH };
    if (e.revision !== head.revision + 1) throw new Bad(where, `the stream's previous event is revision ${head.revision} (revisions missing, added or reordered)`);
    if (e.previousHash !== head.hash) throw new Bad(where, 'not chained to the previous event of its stream');
    if (eventHash(e) !== e.hash) throw new Bad(where, 'its content does not match its hash (altered)');
    const next = linkInLog(link, position, e.hash);
    if (e.logHash !== null && e.logHash !== next) throw new Bad(where, 'its log chain link does not follow from the event before it');
    link = next;
    heads.set(e.streamId, { revision: e.revision, hash: e.hash });
    last = position;
    first ??= position;
    window.push({ position: e.position, streamId: e.streamId, revision: e.revision, hash: e.hash });
    if (e.streamId === CHECKPOINT_STREAM && checkedOwnCheckpoint(e, where)) own++;
    else uncovered = uncovered ? { ...uncovered, count: uncovered.count + 1 } : { name: where, count: 1 };
  }

  /**
   * A `$checkpoints` event: the checkpoint it holds was verified before it (checkInLogUpTo, at the position it
   * signs), unless it signs a position before the base. True when it holds the last checkpoint verified: a
   * checkpoint cannot sign its own event, so the one the log ends with asks no cover of its own.
   */
  function checkedOwnCheckpoint(e, where) {
    const c = readCheckpoint(e.data);
    if (!c) throw new Bad(where, 'holds no readable checkpoint (a field is missing)');
    if (BigInt(c.position) >= BigInt(e.position)) throw new Bad(where, `holds a checkpoint of position ${c.position}, not of one before its own`);
    return BigInt(c.position) === lastCheckpoint && verified.has(verifiedKey(c));
  }

  /** The checkpoints the log's events hold, signed at positions before `position` (the next event's): the state is still the one they signed. */
  function checkInLogUpTo(position) {
    while (nextInLog < inLog.length && inLog[nextInLog].at < position) {
      const { checkpoint, at, where } = inLog[nextInLog++];
      if (at < base) continue; // signed before the base: the export holds nothing to check it with
      if (at !== last) throw new Bad(where, `no event at its position: the export goes from position ${last} to ${position} (removed events)`);
      checkCheckpoint(checkpoint, where);
    }
  }

  function checkCheckpoint(c, where) {
    if (BigInt(c.position) !== last) throw new Bad(where, `out of place: it follows position ${last}`);
    if (verified.has(verifiedKey(c))) return;
    if (c.publicKey !== trusted.der.toString('base64')) throw new Bad(where, `signed with another key (${keyId(Buffer.from(c.publicKey, 'base64'))}), not the trusted one (${keyId(trusted.der)})`);
    if (c.format !== CHECKPOINT_FORMAT) throw new Bad(where, `unknown checkpoint format ${c.format}`);
    if (!verify(null, Buffer.from(signedText(c), 'utf8'), trusted.key, Buffer.from(c.signature, 'base64'))) throw new Bad(where, 'its signature does not match its content');
    const root = headsRoot(heads);
    if (root !== c.headsRoot || link !== c.logHash) {
      const what = [root !== c.headsRoot ? 'the stream heads' : null, link !== c.logHash ? 'the log chain' : null].filter(Boolean).join(' and ');
      const culprit = firstDisagreeing(c);
      if (culprit) throw new Bad(culprit.name, `${culprit.reason}; ${what} at position ${c.position} are not the ones signed by the checkpoint there`);
      throw new Bad(where, `${what} at its position are not the ones signed: an event after position ${windowAfter} up to ${c.position}, or the base, was changed, removed or added (the export carries no event hashes from the checkpoint file to name it)`);
    }
    window = [];
    windowAfter = last;
    verified.add(verifiedKey(c));
    checkpoints++;
    lastCheckpoint = last;
    uncovered = null;
    own = 0;
  }

  /** With the checkpoint file's hashes of the events it signed: the first event whose hash is not the one recorded. */
  function firstDisagreeing(c) {
    if (!Array.isArray(c.eventHashes)) return null;
    const from = c.after !== undefined && BigInt(c.after) > windowAfter ? BigInt(c.after) : windowAfter;
    const stored = new Map(window.map((e) => [e.position, e]));
    for (const [position, hash] of c.eventHashes) {
      if (BigInt(position) <= from) continue;
      const e = stored.get(position);
      if (!e) return { name: `position ${position}`, reason: 'signed, no longer in the export (removed)' };
      if (e.hash !== hash) return { name: eventName(e), reason: 'rewritten: its hash is not the one recorded when the checkpoint was signed' };
    }
    const recorded = new Set(c.eventHashes.map(([position]) => position));
    const added = window.find((e) => BigInt(e.position) > from && !recorded.has(e.position));
    return added ? { name: eventName(added), reason: 'added after the checkpoint was signed' } : null;
  }
}

async function main(argv) {
  const args = [...argv];
  const keyAt = args.indexOf('--public-key');
  const publicKey = keyAt >= 0 ? args.splice(keyAt, 2)[1] : undefined;
  const [path] = args;
  if (!path) {
    process.stderr.write('usage: node verify-export.mjs <export.jsonl> [--public-key <base64 DER SPKI | PEM file>]\n');
    return 2;
  }
  try {
    const r = await verifyExport(path, { publicKey });
    const tail = r.own > 0 ? ` (the ${r.own} event(s) after it hold that checkpoint: it cannot sign its own event)` : '';
    process.stdout.write(`OK: ${r.events} event(s), ${positions(r.from, r.to)}, ${r.checkpoints} checkpoint(s) verified with key ${r.keyId}${publicKey ? '' : ' (the key in the export: compare it with `audit public-key`, or pass --public-key)'}; signed up to position ${r.lastCheckpoint}${tail}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Bad) {
      process.stdout.write(`BAD ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) process.exitCode = await main(process.argv.slice(2));
