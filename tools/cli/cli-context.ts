import type { EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import type { Projection, ProjectionLogger } from '@ticketing/projections';

/** Where the CLI writes: process.stdout in main, a buffer in tests. */
export interface CliOutput {
  write(text: string): void;
}

/** Everything a command needs, built from the environment by main and by hand in tests. */
export interface CliContext {
  readonly db: Db;
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  readonly out: CliOutput;
  /** Errors (usage, failures, an unknown id): process.stderr unless given, so that output redirected to a file holds none. */
  readonly err?: CliOutput;
  /** TICKET_CODE_SECRET as the API reads it (null or absent: the secret the API keeps in the database). */
  readonly ticketCodeSecret?: string | null;
  /** Where the runner's structured logs go; main sends them to stderr. */
  readonly logger?: ProjectionLogger;
}

/** 0 done, 1 a difference or a broken chain was found (or the command failed), 2 the command line was wrong. */
export type ExitCode = 0 | 1 | 2;

export class UsageError extends Error {}

/** JSON that prints bigint positions as numbers' strings instead of throwing. */
export function json(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
