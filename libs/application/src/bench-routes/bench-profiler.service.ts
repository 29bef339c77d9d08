import { Session } from 'node:inspector/promises';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';

/** A run's profiles: where the main thread's CPU went, and what it allocated (sampled, collected objects included). */
export interface BenchProfiles {
  readonly cpu: object;
  readonly heap: object;
}

/**
 * V8 profiles of the API's main thread over a window the benchmark chooses (bench/rush with BENCH_PROFILE):
 * `--cpu-prof` covers the whole process life, start-up and warm-up included, which drowns a 2-second sale.
 */
@Injectable()
export class BenchProfiler implements OnModuleDestroy {
  private session: Session | undefined;

  /**
   * `survivors`: sample only what outlived the young generation (objects a minor GC freed are left out): what
   * gets promoted and makes the old generation's collections work.
   */
  async start({ survivors }: { survivors: boolean }): Promise<void> {
    if (this.session) await this.stop();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('HeapProfiler.enable');
    // what was allocated, not only what is still alive when sampling stops: garbage is the cost under a rush
    await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivors });
    await session.post('Profiler.start');
    this.session = session;
  }

  /** The profiles since `start` (`.cpuprofile` and `.heapprofile` formats), or null when none was started. */
  async stop(): Promise<BenchProfiles | null> {
    const session = this.session;
    if (!session) return null;
    this.session = undefined;
    const { profile: cpu } = await session.post('Profiler.stop');
    const { profile: heap } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    return { cpu, heap };
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }
}
