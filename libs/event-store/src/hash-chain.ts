import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { ChainProblem, VerifyResult } from './port.js';

/**
 * Tamper evidence for the log. Each event's hash covers its content and the hash of the event before it in
 * its stream, so editing, dropping, adding or swapping a stored event breaks the chain at that point. The
 * first event of a stream chains to GENESIS_HASH.
 *
 * Personal data enters the hash as ciphertext, never as plaintext: destroying a subject's key (erasure)
 * leaves every hash intact, so an erased log still verifies.
 *
 * The chain needs no secret, so someone able to rewrite the table AND recompute every later hash AND update
 * the stream head can hide a change; anchoring stream heads elsewhere (an audit export) closes that gap.
 */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * What an event's hash covers, numbered. Stored with each event (PostgreSQL's `hash_format`) so that a log
 * written before a format existed still verifies: each event is checked with the format it was written with,
 * and new events are written with the newest one.
 *
 * 1: the content (stream, revision, id, type, data, metadata, sealed personal data) and the previous hash.
 *    Left out the time the log stored the event, which `audit history` shows: moving `recorded_at` went
 *    unseen. Still what KurrentDB events carry: there the time is the server's own `created`, unknown before
 *    the append and not editable in place.
 * 2: format 1 plus `recordedAt`, the stored time to the microsecond (RECORDED_AT_TEXT in postgres/event-rows.ts).
 */
export const LEGACY_HASH_FORMAT = 1;
export const HASH_FORMAT = 2;

/**
 * What an event's hash covers. `personal` is the sealed (encrypted) personal data, base64. `recordedAt` is
 * present in format 2 only (absent, not undefined, in format 1: the key alone would not change the text, but
 * the fast path below counts keys).
 */
export interface HashedContent {
  readonly streamId: string;
  readonly revision: number;
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: object;
  readonly personal: { readonly subjectId: string; readonly ciphertext: string } | null;
  readonly recordedAt?: string;
}

/** Hex SHA-256 of the UTF-8 canonical JSON. The one-shot crypto.hash, not createHash: 1-2 µs less per event. */
export function hashEvent(content: HashedContent, previousHash: string): string {
  return hash('sha256', canonicalJson(withPreviousHash(content, previousHash)), 'hex');
}

/** The keys of a HashedContent, in the order hashedContent (prepare-events.ts) gives them: format 1, then 2. */
const CONTENT_KEYS = ['streamId', 'revision', 'id', 'type', 'data', 'metadata', 'personal'];
const CONTENT_KEYS_RECORDED = [...CONTENT_KEYS, 'recordedAt'];

/**
 * `{ ...content, previousHash }`, what is hashed. Spelled out with its keys in sorted order when `content` has
 * exactly the usual keys of either format, because the spread measured about 2 µs per event; anything else
 * (extra or missing keys) takes the spread, so the text is the same either way.
 */
function withPreviousHash(content: HashedContent, previousHash: string): object {
  const keys = Object.keys(content);
  const { data, id, metadata, personal, recordedAt, revision, streamId, type } = content;
  if (hasKeys(keys, CONTENT_KEYS)) return { data, id, metadata, personal, previousHash, revision, streamId, type };
  if (hasKeys(keys, CONTENT_KEYS_RECORDED)) return { data, id, metadata, personal, previousHash, recordedAt, revision, streamId, type };
  return { ...content, previousHash };
}

function hasKeys(keys: readonly string[], expected: readonly string[]): boolean {
  return keys.length === expected.length && keys.every((key, i) => key === expected[i]);
}

/** One stored event as the verifier sees it: its content plus the hashes stored next to it. */
export interface StoredLink {
  readonly content: HashedContent;
  readonly hash: string;
  readonly previousHash: string;
  /** Global position, where the store has one that an attacker could contradict (PostgreSQL). */
  readonly position?: bigint;
}

/** Where the store says a stream ends, kept apart from the events (PostgreSQL's streams table). */
export interface StreamHead {
  readonly revision: number;
  readonly lastHash: string;
}

/**
 * Checks one stream. `links` are its stored events in revision order; `head` is the separately stored end of
 * the stream, or undefined where the store keeps none (then the last stored event is taken as the end).
 *
 * Kinds: `altered` an event's content no longer matches its hash, or the event is not the one its successor
 * (or the head) was chained to (changed and re-hashed, or replaced); `removed` a revision is missing, or the
 * head lies beyond the stored events; `inserted` an event the chain or the head does not know about;
 * `reordered` events out of their chained (or global) order.
 */
export function verifyStreamChain(streamId: string, links: readonly StoredLink[], head?: StreamHead | null): ChainProblem[] {
  const problems: ChainProblem[] = [];
  const report = (revision: number, kind: ChainProblem['kind'], detail: string) =>
    problems.push({ streamId, revision, kind, detail });
  const revisionOfHash = new Map(links.map((link) => [link.hash, link.content.revision]));
  const end = head === undefined ? (links.at(-1)?.content.revision ?? -1) : (head?.revision ?? -1);

  let expectedRevision = 0;
  let expectedPrevious = GENESIS_HASH;
  let previous: StoredLink | undefined;
  for (const link of links) {
    const { revision } = link.content;
    if (revision > end) {
      report(revision, 'inserted', `revision ${revision} lies beyond the stream head (revision ${end})`);
      continue;
    }
    if (hashEvent(link.content, link.previousHash) !== link.hash) {
      report(revision, 'altered', 'content does not match its stored hash');
    }
    if (revision > expectedRevision) {
      report(expectedRevision, 'removed', `revisions ${expectedRevision}..${revision - 1} are missing`);
    } else if (link.previousHash !== expectedPrevious) {
      const chainedTo = revisionOfHash.get(link.previousHash);
      // Once events were swapped, the links after them point back into the swapped ones: same problem, same kind.
      const reordered = problems.some((problem) => problem.kind === 'reordered');
      // Revisions are contiguous here, so the event before is present but not the one this one was chained to.
      if (chainedTo === undefined && revision === 0) report(0, 'removed', 'chained to an event before the start of the stream');
      else if (chainedTo === undefined) report(revision - 1, 'altered', `revision ${revision} was chained to another event`);
      else if (chainedTo > revision || reordered) report(revision, 'reordered', `chained to revision ${chainedTo}, not ${revision - 1}`);
      else report(revision, 'inserted', `chained to revision ${chainedTo}: the events in between were inserted`);
    } else if (previous?.position !== undefined && link.position !== undefined && link.position < previous.position) {
      // Chained consistently yet out of global order: the chain was rewritten, the positions could not be.
      report(revision, 'reordered', `global position ${link.position} comes before that of revision ${previous.content.revision}`);
    }
    expectedRevision = revision + 1;
    expectedPrevious = link.hash;
    previous = link;
  }

  if (head) {
    if (expectedRevision <= head.revision) {
      report(expectedRevision, 'removed', `the stream head is at revision ${head.revision}, stored events end at ${expectedRevision - 1}`);
    } else if (previous && previous.content.revision === head.revision && previous.hash !== head.lastHash) {
      report(head.revision, 'altered', 'the last event is not the one recorded in the stream head');
    }
  }
  return problems;
}

/** Adds up the per-stream results into what `EventStore.verify` answers. */
export function verifyResult(streamsChecked: number, eventsChecked: number, problems: readonly ChainProblem[]): VerifyResult {
  return { ok: problems.length === 0, streamsChecked, eventsChecked, problems };
}
