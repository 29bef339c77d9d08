import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomBytes } from 'node:crypto';
import type { Db } from '@ticketing/postgres';
import { tickRoom, type TickOutcome } from './admission-tick.js';
import type { WaitingRoomSettings } from '../room/waiting-room-settings.js';

const INTERVAL_NAME = 'waiting-room-admissions';

/**
 * Every `intervalMs` (@nestjs/schedule), each room with someone in it takes one step (draw, place, admit): see
 * tickRoom. Every API process runs it; the room's lock makes one of them do each step.
 */
export class AdmissionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WaitingRoom');
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: WaitingRoomSettings,
    private readonly scheduler: SchedulerRegistry,
    private readonly intervalMs: number,
    private readonly now: () => Date,
    /** Told of each room this process stepped (the status calls' snapshot of it is read again). */
    private readonly moved: (eventShortName: string) => void = () => undefined,
  ) {}

  onApplicationBootstrap(): void {
    if (this.intervalMs <= 0) return;
    const timer = setInterval(() => void this.tick(), this.intervalMs);
    timer.unref();
    this.scheduler.addInterval(INTERVAL_NAME, timer);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.scheduler.doesExist('interval', INTERVAL_NAME)) this.scheduler.deleteInterval(INTERVAL_NAME);
    await this.running;
  }

  /** One step of every room; skipped while the previous one still runs. `now`: the clock's, or a test's. */
  async tick(now: Date = this.now()): Promise<ReadonlyMap<string, TickOutcome>> {
    const outcomes = new Map<string, TickOutcome>();
    if (this.running) return outcomes;
    const run = this.tickAll(now, outcomes).catch((error: unknown) => this.logger.error({ msg: 'waiting room step failed', error: String(error) }));
    this.running = run.finally(() => (this.running = null));
    await this.running;
    return outcomes;
  }

  private async tickAll(now: Date, outcomes: Map<string, TickOutcome>): Promise<void> {
    const { rows } = await this.db.query<{ event_short_name: string }>('select event_short_name from queue_rooms');
    for (const { event_short_name: shortName } of rows) {
      const settings = await this.settings.of(shortName);
      if (!settings) continue;
      const outcome = await tickRoom(this.db, shortName, settings, now, () => randomBytes(16).toString('hex'));
      if (outcome.ran) this.moved(shortName);
      outcomes.set(shortName, outcome);
    }
  }
}
