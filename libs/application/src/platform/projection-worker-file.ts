import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built projection thread's entry (dist/api/projection-worker.js), or null when this code runs from
 * source (tests), where a worker could not load the TypeScript sources.
 */
export function builtProjectionWorker(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const marker = `${sep}dist${sep}api`;
  const at = here.lastIndexOf(marker);
  if (at < 0) return null;
  const file = join(here.slice(0, at + marker.length), 'projection-worker.js');
  return existsSync(file) ? file : null;
}

/** What the API hands the projection thread (the rest, e.g. EVENTSTORE_MASTER_KEY, it reads from the environment). */
export interface ProjectionWorkerData {
  readonly databaseUrl: string;
  readonly eventStoreUrl: string | null;
}
