import { hash } from 'node:crypto';
import { GENESIS_HASH, HASH_FORMAT } from './hash-chain.js';
import type { ChainProblem, GlobalPosition } from './port.js';

/**
 * The log chain: a second chain, across streams, in global order. Each stream's own chain (hash-chain.ts)
 * cannot see a stream that lost its last events, or lost everything, when its head was moved back or deleted
 * with it. Each event of the PostgreSQL log therefore also stores a link to the event before it in the whole
 * log:
 *
 *   logHash(n) = hex SHA-256 of the text `${logHash(n - 1)}:${position(n)}:${hash(n)}`, starting from GENESIS_HASH
 *
 * and the log's end (last position, last link) is kept in one row, `event_log`. The link is computed in SQL
 * by the append that takes the positions (the previous link is only known under the append lock), so the
 * lock section gains one SHA-256 per event and no round trip. It covers the position, which `audit history`
 * shows and the stream hash cannot cover (positions are taken under the lock, after the hashes are made).
 *
 * Positions after the chain began are gapless (append-events.ts), so a missing one is a removed event. Events
 * stored before it (an older log, written when positions came from a sequence) may have gaps that are not
 * evidence: a rolled-back append or a crash skipped numbers. Those events store no link of their own; the
 * migration folded them into the link the chain began from (`anchor`), so removing, adding or changing any of
 * them is still seen, though not which one (their stream chains may tell).
 *
 * Without a secret, someone who removes the log's last events AND moves `event_log` back, or recomputes every
 * later link, hides it: that is what signed checkpoints kept outside the database are for.
 */
export function linkInLog(previousLink: string, position: GlobalPosition, eventHash: string): string {
  return hash('sha256', `${previousLink}:${position}:${eventHash}`, 'hex');
}

/** Where the log says it ends and where its chain began (PostgreSQL's event_log row). */
export interface LogHead {
  readonly position: GlobalPosition;
  readonly logHash: string;
  readonly chainedAfter: GlobalPosition;
  readonly anchor: string;
}

/** One stored event as the log chain sees it. */
export interface LogEntry {
  readonly position: GlobalPosition;
  readonly streamId: string;
  readonly revision: number;
  readonly hash: string;
  readonly hashFormat: number;
  readonly logHash: string | null;
}

/**
 * One event's link checked against the stored link of the event right before it in the log: what a check of
 * one stream can do. A missing event before it, or after its last, and an event before it that has no link
 * (`previousLink` null: forged or replaced, so that one is the problem) are for the whole-log check to name.
 */
export function checkLogLink(entry: LogEntry, previousLink: string | null): ChainProblem | undefined {
  const problem = (detail: string): ChainProblem => ({ streamId: entry.streamId, revision: entry.revision, position: entry.position, kind: 'altered', detail });
  if (entry.hashFormat < HASH_FORMAT) return problem(`hash format ${entry.hashFormat} on an event written after the log chain began`);
  if (previousLink !== null && entry.logHash !== linkInLog(previousLink, entry.position, entry.hash)) {
    return problem('its log link does not follow from the event before it in the log (changed, moved, or an event before it replaced)');
  }
  return undefined;
}

/** Stands for the whole log in a ChainProblem that no stored event can be named for (revision -1). */
export const LOG_STREAM_ID = '$log';

/**
 * Checks the log chain, fed every stored event in position order, a page at a time (`check`), then `finish`.
 * After a problem it resumes from the stored link, so one tampering is reported once.
 */
export class LogChainVerifier {
  private readonly problems: ChainProblem[] = [];
  private link = GENESIS_HASH;
  private last: GlobalPosition = 0n;
  private anchored = false;
  /** The last event checked was reported already: the head then disagrees with it for the same reason. */
  private lastReported = false;
  /** Stored links of events reported as altered: an event chained to one of them was moved along with it, not changed. */
  private readonly reportedLinks = new Set<string>();

  constructor(private readonly head: LogHead) {}

  check(entries: readonly LogEntry[]): void {
    for (const entry of entries) {
      if (entry.position <= this.head.chainedAfter) {
        this.link = linkInLog(this.link, entry.position, entry.hash);
        this.last = entry.position;
        continue;
      }
      this.anchor();
      this.checkChained(entry);
    }
  }

  finish(): ChainProblem[] {
    this.anchor();
    const { position, logHash } = this.head;
    if (this.last < position) {
      this.logProblem(this.last + 1n, 'removed', `positions ${this.last + 1n}..${position} are missing: the log head is at ${position}`);
    } else if (this.last > position) {
      this.logProblem(position + 1n, 'inserted', `events lie beyond the log head (position ${position})`);
    } else if (this.link !== logHash && !this.lastReported) {
      this.logProblem(position, 'altered', 'the last event of the log is not the one recorded in the log head');
    }
    return this.problems;
  }

  /** Once, at the first chained event (or the end): the events before the chain must add up to its anchor. */
  private anchor(): void {
    if (this.anchored) return;
    this.anchored = true;
    if (this.link !== this.head.anchor) {
      this.logProblem(
        this.head.chainedAfter,
        'altered',
        `the events stored before the log chain began (positions up to ${this.head.chainedAfter}) were removed, added or changed`,
      );
    }
    this.link = this.head.anchor;
    this.last = this.head.chainedAfter;
  }

  private checkChained(entry: LogEntry): void {
    const expected = this.last + 1n;
    const problemsBefore = this.problems.length;
    const report = (kind: ChainProblem['kind'], detail: string) =>
      this.problems.push({ streamId: entry.streamId, revision: entry.revision, position: entry.position, kind, detail });
    if (entry.position > expected) {
      // Its own link cannot be checked (the one before it is gone): the gap is the finding.
      const missing = entry.position - 1n === expected ? `position ${expected} is` : `positions ${expected}..${entry.position - 1n} are`;
      this.logProblem(expected, 'removed', `${missing} missing from the log (removed events, or a removed stream)`);
    } else if (entry.hashFormat < HASH_FORMAT) {
      report('altered', `hash format ${entry.hashFormat} on an event written after the log chain began`);
    } else if (entry.logHash !== linkInLog(this.link, entry.position, entry.hash) && !this.followsReported(entry)) {
      report('altered', 'its log link does not follow from the event before it in the log (changed, moved, or an event before it replaced)');
      if (entry.logHash !== null) this.reportedLinks.add(entry.logHash);
    }
    this.link = entry.logHash ?? linkInLog(this.link, entry.position, entry.hash);
    this.last = entry.position;
    this.lastReported = this.problems.length > problemsBefore;
  }

  /** Chained to an event reported already (two events swapped: the one after them still points at the first). */
  private followsReported(entry: LogEntry): boolean {
    for (const link of this.reportedLinks) if (linkInLog(link, entry.position, entry.hash) === entry.logHash) return true;
    return false;
  }

  private logProblem(position: GlobalPosition, kind: ChainProblem['kind'], detail: string): void {
    this.problems.push({ streamId: LOG_STREAM_ID, revision: -1, position, kind, detail });
  }
}
