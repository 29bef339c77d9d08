interface Job<I, O> {
  readonly input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Calls on one room that share a statement: the calls that arrive while the room's statement is in flight (and those
 * read in the same turn of the event loop as the first) go together in the next one, in the order they came, each
 * answered from its result. Under a rush one statement serves dozens of calls; a lone call waits for nothing.
 */
export class RoomBatches<I, O> {
  /** Per room, the calls waiting for the statement in flight; the entry marks a statement in flight. */
  private readonly waiting = new Map<string, Job<I, O>[]>();

  /** `run`: one statement for a batch, its outputs in the inputs' order. */
  constructor(
    private readonly run: (room: string, inputs: readonly I[]) => Promise<readonly O[]>,
    private readonly maxBatch = 1_000,
  ) {}

  submit(room: string, input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      const job = { input, resolve, reject };
      const waiting = this.waiting.get(room);
      if (waiting) {
        waiting.push(job);
        return;
      }
      this.waiting.set(room, [job]);
      void this.drain(room);
    });
  }

  private async drain(room: string): Promise<void> {
    const waiting = this.waiting.get(room)!;
    // the calls of requests read in the same turn of the event loop as the first go with it
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting.splice(0, this.maxBatch);
      try {
        const outputs = await this.run(
          room,
          batch.map((j) => j.input),
        );
        batch.forEach((job, i) => job.resolve(outputs[i]!));
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    this.waiting.delete(room);
  }
}
