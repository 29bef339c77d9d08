export * from './projection.js';
export { projectionMigrations } from './migrations.js';
export { ProjectionRunner, type ProjectionRunnerOptions } from './runner.js';
export type { VerifyReport, TableDifference, DifferenceSide } from './verify.js';
export type { Checkpoint } from './checkpoints.js';
export { pinoProjectionLogger, type ProjectionLogger, type LogEntry } from './logger.js';
export { LIVE_SCHEMA, quoteIdent } from './sql-names.js';
export { ProjectionApplyError, ProjectionStoppedError, ProjectionVersionMismatchError, ProjectionWaitTimeoutError } from './errors.js';
