import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '@ticketing/postgres';
import type { EventStore } from '@ticketing/event-store';
import type { ProjectionFollower } from '@ticketing/projections';
import { DB, EVENT_STORE, PROJECTION_RUNNER } from '../platform/tokens.js';
import type { Health } from './health.controller.js';

@Injectable()
export class HealthService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionFollower,
  ) {}

  async check(): Promise<Health> {
    const database = await this.db.query('select 1').then(
      () => 'UP' as const,
      () => 'DOWN' as const,
    );
    const head = await this.store.headPosition().catch(() => null);
    const checkpoints = database === 'UP' ? await this.runner.checkpoints().catch(() => []) : [];
    const projections = checkpoints.map((c) => ({
      name: c.name,
      position: c.position.toString(),
      lag: head === null ? null : (head > c.position ? head - c.position : 0n).toString(),
      error: c.lastError,
    }));
    const eventStore = head === null ? ('DOWN' as const) : ('UP' as const);
    const reachable = database === 'UP' && eventStore === 'UP';
    return {
      status: !reachable ? 'DOWN' : projections.some((p) => p.error !== null) ? 'DEGRADED' : 'UP',
      database,
      eventStore,
      headPosition: head === null ? null : head.toString(),
      projections,
    };
  }
}
