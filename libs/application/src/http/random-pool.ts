import { randomFillSync } from 'node:crypto';

/**
 * Random bytes taken from a pool the CSPRNG fills 4 KiB at a time, as Node's randomUUID batches its entropy.
 * Every public GET without a session mints a session id and a token pad: two calls into the CSPRNG per
 * request were ~5% of an event read under load (profiled). Each byte is handed out once, as a copy.
 */
export class RandomPool {
  private readonly pool: Buffer;
  private used: number;

  constructor(size = 4096) {
    this.pool = Buffer.alloc(size);
    this.used = size;
  }

  take(size: number): Buffer {
    if (size > this.pool.length) return randomFillSync(Buffer.alloc(size));
    if (this.used + size > this.pool.length) {
      randomFillSync(this.pool);
      this.used = 0;
    }
    const bytes = Buffer.from(this.pool.subarray(this.used, this.used + size));
    this.used += size;
    return bytes;
  }
}
