import type { EventStore, ExpectedRevision } from '@ticketing/event-store';
import { DomainError, type DomainEvent } from '@ticketing/kernel';
import { catalogStreams } from '@ticketing/catalog/contracts';
import { eventCatalogDecider, fileDecider, organizerDecider, catalogErrors, CatalogRejected, subscriptionDescriptorDecider, type EventCatalogState, type StoreFile } from '@ticketing/catalog/domain';
import { documentPathOf, publishEventCatalog, publishOrganizer, publishSubscriptionDescriptor } from './catalog-commands.js';
import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { catalogIssue, type CatalogIssue } from './catalog-issue.js';
import { compatibleEventName, resolveCompatibleCategories } from './compatible-categories.js';
import { storeFileCommand, type ImageLoader } from './image-loader.js';
import { loadStream } from './load-stream.js';

/** What one stream needs: the events decided and the revision they were decided on. */
export interface StreamPlan {
  readonly streamId: string;
  readonly expectedRevision: ExpectedRevision;
  readonly events: readonly DomainEvent[];
}

export interface CatalogPlan {
  readonly issues: readonly CatalogIssue[];
  /** In append order: files, organizers, events, subscriptions (what points at something comes after it). */
  readonly streams: readonly StreamPlan[];
}

type Decider<S, C, E extends DomainEvent> = {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => readonly E[];
};

/** How far the check of a document is: `done` of `total` entries (its images, organizers, events, subscriptions). */
export type CatalogProgress = (done: number, total: number) => void;

/**
 * Loads every stream the document touches and decides on it, without appending: the whole document is
 * checked (schema already, domain rules, state such as ownership, references between entries) before the
 * first append, so an invalid document leaves nothing behind. This is where a large import spends its time (a
 * read of the log per entry, each image read and hashed), so `onProgress` follows it entry by entry.
 */
export async function planCatalogImport(store: EventStore, file: CatalogFile, images: ImageLoader, onProgress?: CatalogProgress): Promise<CatalogPlan> {
  const issues: CatalogIssue[] = [];
  const streams: StreamPlan[] = [];

  /** Decides the command on the stream; the state it leaves the stream in, or null when it is refused. */
  async function decideOn<S, C, E extends DomainEvent>(streamId: string, decider: Decider<S, C, E>, command: C, pathOf: (field: string) => string): Promise<S | null> {
    const { state, expectedRevision } = await loadStream(store, streamId, decider);
    try {
      const events = decider.decide(command, state);
      streams.push({ streamId, expectedRevision, events });
      return events.reduce(decider.evolve, state);
    } catch (error) {
      if (error instanceof CatalogRejected) issues.push(...error.violations.map((v) => catalogIssue(pathOf(v.field), v.code, v.args)));
      else if (error instanceof DomainError) issues.push(catalogIssue(pathOf(error.field ?? ''), error.code, error.args));
      else throw error;
      return null;
    }
  }

  checkUnique(issues, file.organizers.map((o) => o.slug), (i) => `organizers[${i}].slug`);
  checkUnique(issues, file.events.map((e) => e.shortName), (i) => `events[${i}].shortName`);
  checkUnique(issues, file.subscriptions.map((s) => s.id), (i) => `subscriptions[${i}].id`);

  // Images first: the entries need their ids.
  const references = new Map<string, string>();
  file.events.forEach((e, i) => e.image !== null && !references.has(e.image) && references.set(e.image, `events[${i}].image`));
  file.subscriptions.forEach((s, i) => s.image !== null && !references.has(s.image) && references.set(s.image, `subscriptions[${i}].image`));
  const total = references.size + file.organizers.length + file.events.length + file.subscriptions.length;
  let done = 0;
  const checked = () => onProgress?.(++done, total);
  const imageIds = new Map<string, string>();
  async function planImage(reference: string, path: string): Promise<void> {
    let command: StoreFile;
    try {
      command = storeFileCommand(await images(reference));
    } catch (error) {
      issues.push(catalogIssue(path, catalogErrors.unreadableFile, [(error as Error).message]));
      return;
    }
    imageIds.set(reference, command.data.fileId);
    if (!streams.some((s) => s.streamId === catalogStreams.file(command.data.fileId))) {
      await decideOn(catalogStreams.file(command.data.fileId), fileDecider, command, () => path);
    }
  }

  for (const [reference, path] of references) {
    await planImage(reference, path);
    checked();
  }

  for (const [i, entry] of file.organizers.entries()) {
    await decideOn(catalogStreams.organizer(entry.slug), organizerDecider, publishOrganizer(entry), (f) => documentPathOf(f, `organizers[${i}]`, 'organizer'));
    checked();
  }
  // A reference is good when it names an entry of this document or something imported before.
  const exists = async (streamId: string) => (await store.readStream(streamId, { maxCount: 1 })).length > 0;
  const fileOrganizers = new Set(file.organizers.map((o) => o.slug));
  // Each event's categories by key as this import leaves it (the file's events) or as imported before (the others).
  const categories = new Map<string, ReadonlyMap<string, number | null> | null>();
  for (const [i, entry] of file.events.entries()) {
    if (!fileOrganizers.has(entry.organizer) && !(await exists(catalogStreams.organizer(entry.organizer)))) {
      issues.push(catalogIssue(`events[${i}].organizer`, catalogErrors.unknownOrganizer, [entry.organizer]));
    }
    const state = await decideOn(catalogStreams.event(entry.shortName), eventCatalogDecider, publishEventCatalog(entry, imageIds), (f) => documentPathOf(f, `events[${i}]`, 'event'));
    categories.set(entry.shortName, categoryIdsByKey(state) ?? new Map(entry.categories.map((c) => [c.key, null])));
    checked();
  }
  for (const [i, entry] of file.subscriptions.entries()) {
    if (!fileOrganizers.has(entry.organizer) && !(await exists(catalogStreams.organizer(entry.organizer)))) {
      issues.push(catalogIssue(`subscriptions[${i}].organizer`, catalogErrors.unknownOrganizer, [entry.organizer]));
    }
    for (const [j, shortName] of entry.compatibleEvents.map(compatibleEventName).entries()) {
      if (!categories.has(shortName)) categories.set(shortName, categoryIdsByKey((await loadStream(store, catalogStreams.event(shortName), eventCatalogDecider)).state));
      if (categories.get(shortName) === null) issues.push(catalogIssue(`subscriptions[${i}].compatibleEvents[${j}]`, catalogErrors.unknownEvent, [shortName]));
    }
    const resolved = resolveCompatibleCategories(entry, `subscriptions[${i}]`, (shortName) => categories.get(shortName) ?? null);
    issues.push(...resolved.issues);
    await decideOn(
      catalogStreams.subscriptionDescriptor(entry.id),
      subscriptionDescriptorDecider,
      publishSubscriptionDescriptor(entry, imageIds, resolved.ids),
      (f) => documentPathOf(f, `subscriptions[${i}]`, 'descriptor'),
    );
    checked();
  }
  return { issues, streams };
}

/** The event's current categories, id by key; null when the event is not published. */
function categoryIdsByKey(state: EventCatalogState | null): ReadonlyMap<string, number> | null {
  return state?.status === 'published' ? new Map(Object.values(state.categories).map((c) => [c.key, c.id])) : null;
}

function checkUnique(issues: CatalogIssue[], keys: readonly string[], pathOf: (index: number) => string): void {
  const seen = new Set<string>();
  keys.forEach((key, i) => {
    if (seen.has(key)) issues.push(catalogIssue(pathOf(i), catalogErrors.duplicateKey, [key]));
    seen.add(key);
  });
}
