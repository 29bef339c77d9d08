import { catalogErrors } from '@ticketing/catalog/domain';
import type { SubscriptionEntry } from './catalog-file/catalog-file.schema.js';
import { catalogIssue, type CatalogIssue } from './catalog-issue.js';

type CompatibleEventEntry = SubscriptionEntry['compatibleEvents'][number];

/** A compatible event as the file writes it: its short name, or `{ event, categories }`. */
export const compatibleEventName = (entry: CompatibleEventEntry): string => (typeof entry === 'string' ? entry : entry.event);

/**
 * An event's categories by key as this import leaves it: their ids, or null for an event of the document that is
 * refused (its keys are known, its ids are not: the import fails anyway). null for an event that does not exist
 * (reported as unknownEvent where it is named).
 */
export type CategoriesOf = (shortName: string) => ReadonlyMap<string, number | null> | null;

export interface ResolvedCategories {
  /** event shortName -> category ids, for the events limited to some categories only. */
  readonly ids: Readonly<Record<string, readonly number[]>>;
  readonly issues: readonly CatalogIssue[];
}

/**
 * The category keys of a subscription entry -> the ids its descriptor holds. A key that is not a category of the
 * event, or one named twice, is an issue at its path (`subscriptions[0].compatibleEvents[1].categories[2]`).
 */
export function resolveCompatibleCategories(entry: SubscriptionEntry, entryPath: string, categoriesOf: CategoriesOf): ResolvedCategories {
  const ids: Record<string, number[]> = {};
  const issues: CatalogIssue[] = [];
  entry.compatibleEvents.forEach((compatible, j) => {
    if (typeof compatible === 'string' || compatible.categories.length === 0) return;
    const categories = categoriesOf(compatible.event);
    if (categories === null) return;
    const resolved: number[] = [];
    const seen = new Set<string>();
    compatible.categories.forEach((key, k) => {
      const path = `${entryPath}.compatibleEvents[${j}].categories[${k}]`;
      const id = categories.get(key);
      if (id === undefined) issues.push(catalogIssue(path, catalogErrors.unknownCategory, [key]));
      else if (seen.has(key)) issues.push(catalogIssue(path, catalogErrors.duplicateKey, [key]));
      else if (id !== null) resolved.push(id);
      seen.add(key);
    });
    if (resolved.length > 0) ids[compatible.event] = resolved;
  });
  return { ids, issues };
}
