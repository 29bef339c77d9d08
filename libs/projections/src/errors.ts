import type { GlobalPosition, RecordedEvent } from '@ticketing/event-store';

/**
 * A projection's `apply` threw on one event. The batch was rolled back and the projection stopped there:
 * the event is named so the log line says exactly what to look at.
 */
export class ProjectionApplyError extends Error {
  readonly code = 'error.PROJECTION_APPLY_FAILED';
  readonly event: { id: string; streamId: string; revision: number; position: string; type: string };
  constructor(
    readonly projection: string,
    event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(`projection ${projection} failed on event ${event.type} at position ${event.position} (${event.streamId}@${event.revision}): ${String((cause as Error)?.message ?? cause)}`);
    this.name = 'ProjectionApplyError';
    this.event = { id: event.id, streamId: event.streamId, revision: event.revision, position: event.position.toString(), type: event.type };
  }
}

/** The tables were built by another version of the projection than the code that runs now. */
export class ProjectionVersionMismatchError extends Error {
  readonly code = 'error.PROJECTION_VERSION_MISMATCH';
  constructor(
    readonly projection: string,
    readonly tablesVersion: number,
    readonly codeVersion: number,
  ) {
    super(`projection ${projection}: tables are at version ${tablesVersion}, this code is version ${codeVersion}`);
    this.name = 'ProjectionVersionMismatchError';
  }
}

/** `waitFor` gave up: these projections had not reached the position in time. */
export class ProjectionWaitTimeoutError extends Error {
  readonly code = 'error.PROJECTION_WAIT_TIMEOUT';
  constructor(
    readonly position: GlobalPosition,
    readonly timeoutMs: number,
    readonly behind: readonly { name: string; position: GlobalPosition | null }[],
  ) {
    const list = behind.map((b) => `${b.name} at ${b.position ?? 'no checkpoint'}`).join(', ');
    super(`projections did not reach position ${position} within ${timeoutMs} ms: ${list}`);
    this.name = 'ProjectionWaitTimeoutError';
  }
}

/** `waitFor` cannot succeed: a projection it waits for has stopped on an error before the position. */
export class ProjectionStoppedError extends Error {
  readonly code = 'error.PROJECTION_STOPPED';
  constructor(
    readonly projection: string,
    readonly position: GlobalPosition,
    readonly reason: string,
  ) {
    super(`projection ${projection} stopped at position ${position}: ${reason}`);
    this.name = 'ProjectionStoppedError';
  }
}
