import { WrongExpectedRevisionError, type EventStore, type GlobalPosition } from '@ticketing/event-store';
import type { Clock, EventMetadata, IdGenerator } from '@ticketing/kernel';
import { catalogErrors } from '@ticketing/catalog/domain';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { catalogIssue } from './catalog-issue.js';
import type { CatalogImportReport, StreamChange } from './catalog-import-report.js';
import type { ImageLoader } from './image-loader.js';
import { planCatalogImport, type CatalogProgress, type StreamPlan } from './plan-catalog-import.js';

export interface CatalogImportDeps {
  readonly store: EventStore;
  /**
   * Resolves once the read models have applied the log up to `position` (read-your-writes): the API passes
   * its projection runner's `waitFor`; the CLI, which runs no projections, resolves at once.
   */
  readonly waitForProjections: (position: GlobalPosition) => Promise<void>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export interface CatalogImportOptions {
  /** Recorded as the events' actor: `organizer:<slug>` from the API, `system:catalog-cli` from the CLI. */
  readonly actor: string;
  readonly images: ImageLoader;
  /** Follows the check of the document entry by entry (the CLI's progress line); the single append after it is not counted. */
  readonly onProgress?: CatalogProgress;
}

function changeOf(plan: StreamPlan): StreamChange {
  const outcome = plan.events.length === 0 ? 'unchanged' : plan.expectedRevision === 'no_stream' ? 'created' : 'changed';
  return { streamId: plan.streamId, outcome, events: plan.events.map((e) => e.type) };
}

/** Imports a catalog document: all of it or, when anything is invalid or another writer got in between, nothing. */
export class ImportCatalogService {
  constructor(private readonly deps: CatalogImportDeps) {}

  /** Everything `import` checks, and what it would append, without appending. */
  async validate(file: CatalogFile, options: CatalogImportOptions): Promise<CatalogImportReport> {
    const plan = await planCatalogImport(this.deps.store, file, options.images, options.onProgress);
    const streams = plan.streams.map(changeOf);
    const eventsToAppend = plan.issues.length === 0 ? streams.reduce((n, s) => n + s.events.length, 0) : 0;
    return { ok: plan.issues.length === 0, applied: false, errors: plan.issues, streams, eventsAppended: eventsToAppend, written: [] };
  }

  async import(file: CatalogFile, options: CatalogImportOptions): Promise<CatalogImportReport> {
    const plan = await planCatalogImport(this.deps.store, file, options.images, options.onProgress);
    const streams = plan.streams.map(changeOf);
    if (plan.issues.length > 0) return { ok: false, applied: false, errors: plan.issues, streams, eventsAppended: 0, written: [] };

    const metadata = (causationId: string, correlationId: string): EventMetadata => ({
      correlationId,
      causationId,
      occurredAt: this.deps.clock.now().toISOString(),
      actor: options.actor,
    });
    const correlationId = this.deps.ids.uuid();
    const changed = plan.streams.filter((s) => s.events.length > 0);
    if (changed.length === 0) return { ok: true, applied: true, errors: [], streams, eventsAppended: 0, written: [] };
    // One append for the whole document, each stream expecting the revision its events were decided on: a
    // concurrent writer (another import, the CLI) fails all of it, and nothing is half-imported.
    const appends = changed.map((stream) => {
      const meta = metadata(this.deps.ids.uuid(), correlationId);
      return { streamId: stream.streamId, events: stream.events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: meta })), expectedRevision: stream.expectedRevision };
    });
    let position: GlobalPosition;
    try {
      ({ position } = await this.deps.store.appendToStreams(appends));
    } catch (error) {
      // a conflict names its stream and wrote nothing; a lost connection names none (all or nothing is in: the
      // same document again tells which, appending only what is missing)
      const failedAt = error instanceof WrongExpectedRevisionError ? error.streamId : changed.map((s) => s.streamId).join(', ');
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, applied: false, errors: [catalogIssue('', catalogErrors.appendFailed, [failedAt, reason])], streams, eventsAppended: 0, written: [] };
    }
    await this.deps.waitForProjections(position);
    return { ok: true, applied: true, errors: [], streams, eventsAppended: appends.reduce((n, a) => n + a.events.length, 0), written: changed.map((s) => s.streamId) };
  }
}
