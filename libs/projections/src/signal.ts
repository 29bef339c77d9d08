/**
 * Wakes whoever waits, or the next one to wait when nobody does yet: a notify that arrives while the
 * runner is busy with a batch is not lost, so it looks at the log again at once.
 */
export class Signal {
  private waiters: (() => void)[] = [];
  private pending = false;

  notify(): void {
    if (this.waiters.length === 0) {
      this.pending = true;
      return;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notify or after `timeoutMs`, whichever comes first. */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.push(done);
    });
  }
}
