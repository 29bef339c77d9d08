#!/usr/bin/env node
// Offline verifier of an audit export (`npm run tools -- audit export`): no database, no network, nothing but
// Node's own modules. Checks every stream's hash chain, the log chain, each checkpoint's Ed25519 signature, its
// Merkle root over the stream heads and its log chain link. Prints OK, or the first bad event, and exits 1.
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

const signedText = (c) => canonicalJson({ format: c.format, position: c.position, time: c.time, logHash: c.logHash, headsRoot: c.headsRoot, streams: c.streams, keyId: c.keyId });
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

export async function verifyExport(path, options = {}) {
  const input = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let header = null;
  let trusted = options.publicKey ? readPublicKey(options.publicKey) : null;
  let heads = null;
  let link = null;
  let last = null; // position of the last event (or of the base)
  let window = []; // events since the last checkpoint (or the base)
  let windowAfter = null;
  let events = 0;
  let checkpoints = 0;
  let lastCheckpoint = null;
  let lineNumber = 0;
  for await (const text of input) {
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
      continue;
    }
    if (!heads) {
      if (line.kind !== 'base') throw new Bad(`line ${lineNumber}`, 'the base (stream heads before the first event) must follow the header');
      heads = new Map(line.heads.map(([streamId, revision, hash]) => [streamId, { revision, hash }]));
      link = line.logHash;
      last = BigInt(line.position);
      windowAfter = last;
      continue;
    }
    if (line.kind === 'event') {
      checkEvent(line);
      events++;
      continue;
    }
    if (line.kind === 'checkpoint') {
      checkCheckpoint(line);
      checkpoints++;
      lastCheckpoint = BigInt(line.position);
      continue;
    }
    throw new Bad(`line ${lineNumber}`, `unknown kind ${String(line.kind)}`);
  }
  if (!heads) throw new Bad(path, 'no header and base: not an export');
  const unsigned = window.length;
  return { events, checkpoints, from: header.from, to: header.to, keyId: keyId(trusted.der), lastCheckpoint, unsigned };

  function checkEvent(e) {
    const position = BigInt(e.position);
    const where = eventName(e);
    if (position <= last) throw new Bad(where, `out of order: after position ${last}`);
    // positions are gapless once the log chain began (events with a log link)
    if (e.logHash !== null && position !== last + 1n) throw new Bad(`position ${last + 1n}`, `missing: the next event is at ${position} (removed events)`);
    const head = heads.get(e.streamId) ?? { revision: -1, hash: GENESIS_HASH };
    if (e.revision !== head.revision + 1) throw new Bad(where, `the stream's previous event is revision ${head.revision} (revisions missing, added or reordered)`);
    if (e.previousHash !== head.hash) throw new Bad(where, 'not chained to the previous event of its stream');
    if (eventHash(e) !== e.hash) throw new Bad(where, 'its content does not match its hash (altered)');
    const next = linkInLog(link, position, e.hash);
    if (e.logHash !== null && e.logHash !== next) throw new Bad(where, 'its log chain link does not follow from the event before it');
    link = next;
    heads.set(e.streamId, { revision: e.revision, hash: e.hash });
    last = position;
    window.push({ position: e.position, streamId: e.streamId, revision: e.revision, hash: e.hash });
  }

  function checkCheckpoint(c) {
    const where = `checkpoint at position ${c.position}`;
    if (BigInt(c.position) !== last) throw new Bad(where, `out of place: it follows position ${last}`);
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
    const signed = r.lastCheckpoint === null ? 'no checkpoint covers them: the chains hold, nothing proves they are the ones signed' : `signed up to position ${r.lastCheckpoint}`;
    const tail = r.unsigned > 0 && r.lastCheckpoint !== null ? `; ${r.unsigned} event(s) after the last checkpoint are chained, not yet signed` : '';
    process.stdout.write(`OK: ${r.events} event(s), positions ${r.from}..${r.to}, ${r.checkpoints} checkpoint(s) verified with key ${r.keyId}${publicKey ? '' : ' (the key in the export: compare it with `audit public-key`, or pass --public-key)'}; ${signed}${tail}\n`);
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
