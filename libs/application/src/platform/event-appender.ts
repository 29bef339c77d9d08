import { Inject, Injectable } from '@nestjs/common';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision } from '@ticketing/event-store';
import type { ProjectionFollower } from '@ticketing/projections';
import { EVENT_STORE, PROJECTION_RUNNER } from './tokens.js';

/**
 * What command handlers append through. It returns only once every read model has applied the appended
 * events, so when a command's HTTP call returns, the next GET sees its effect (read-your-writes), also
 * when that GET reaches another API process (the wait is on the shared checkpoints).
 */
@Injectable()
export class EventAppender {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionFollower,
  ) {}

  async append(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const result = await this.store.append(streamId, events, expectedRevision);
    await this.runner.waitFor(result.position);
    return result;
  }
}
