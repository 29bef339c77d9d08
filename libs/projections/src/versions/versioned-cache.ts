/**
 * Values computed from the read tables, kept until the tables change. The version is the checkpoints of
 * the projections the values are read from: a projection moves its checkpoint in the same transaction as
 * its rows, and a command returns only once the checkpoints reached its events, so a reader that sees a
 * version sees at least the data of that version (read-your-writes holds, in every API process). A load
 * may see newer rows than its version; they are only replaced sooner.
 */
export class VersionedCache<T> {
  private version: string | undefined;
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string, version: string, load: () => Promise<T>): Promise<T> {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = load();
      this.entries.set(key, entry);
      // a failed load is not remembered: the next caller tries again
      entry.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    }
    return entry;
  }
}

/**
 * Reads the tables' version for many requests at once: every request that arrives before the next read
 * is sent shares it. A read is only ever shared by requests that arrived before it was sent, so each sees
 * every write that completed before it arrived (sharing a read already under way would not). One read is
 * under way at a time: the requests that arrive meanwhile wait for it to end and share the read sent then,
 * so under load a read serves every request of a round trip, not of one event-loop turn.
 */
export class SharedVersionReader<T = string> {
  private next: Promise<T> | undefined;
  /** The read under way, settled either way; undefined when none is. */
  private running: Promise<void> | undefined;

  constructor(private readonly read: () => Promise<T>) {}

  version(): Promise<T> {
    this.next ??= (this.running ? this.running.then(nextTurn) : nextTurn()).then(() => {
      this.next = undefined;
      const read = this.read();
      const running = read.then(
        () => undefined,
        () => undefined,
      );
      this.running = running;
      void running.then(() => this.running === running && (this.running = undefined));
      return read;
    });
    return this.next;
  }
}

/** After the requests already read from the sockets (setImmediate runs after the poll phase). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
