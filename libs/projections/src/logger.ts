import { pino } from 'pino';

/** One structured log line: `msg` says what happened, the other fields are machine-readable details. */
export interface LogEntry {
  readonly msg: string;
  readonly [detail: string]: unknown;
}

/**
 * What the runner logs through. The shape of Nest's `Logger` (log/warn/error taking one object), so the
 * API hands in `new Logger('Projections')`; `pinoProjectionLogger` adapts a pino logger for tools.
 */
export interface ProjectionLogger {
  log(entry: LogEntry): void;
  warn(entry: LogEntry): void;
  error(entry: LogEntry): void;
}

export function pinoProjectionLogger(logger = pino({ name: 'projections' })): ProjectionLogger {
  return { log: (e) => logger.info(e), warn: (e) => logger.warn(e), error: (e) => logger.error(e) };
}
