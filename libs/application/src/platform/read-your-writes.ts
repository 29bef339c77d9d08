import { Logger } from '@nestjs/common';
import type { GlobalPosition } from '@ticketing/event-store';
import { ProjectionStoppedError, ProjectionWaitTimeoutError, type ProjectionFollower } from '@ticketing/projections';

const logger = new Logger('ReadYourWrites');

/**
 * The `waitForProjections` every context is handed: after a committed append, until the read models show it, so the
 * caller's next read sees its own write. The write has happened whatever the wait does: a projection stopped on an
 * error, or one still behind when the wait gives up (an on-sale rush, a rebuild), must not turn it into a 500, nor
 * skip what follows the write (the answer, the confirmation e-mail). Such a wait is logged and the command goes on;
 * the next read may show the order as it was a moment ago.
 */
export function readYourWrites(runner: ProjectionFollower): (position: GlobalPosition) => Promise<void> {
  return async (position) => {
    try {
      await runner.waitFor(position);
    } catch (error) {
      if (!(error instanceof ProjectionWaitTimeoutError || error instanceof ProjectionStoppedError)) throw error;
      logger.warn({ msg: 'read models do not show a committed write yet; the command goes on', position: String(position), reason: error.message });
    }
  };
}
