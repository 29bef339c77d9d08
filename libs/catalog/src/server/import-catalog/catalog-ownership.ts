import type { CatalogFile } from './catalog-file/catalog-file.schema.js';
import { catalogIssue, type CatalogIssue } from './catalog-issue.js';
import { catalogErrors } from '@ticketing/catalog/domain';

/** Every entry of the document that belongs to an organizer other than `slug`: a key imports only its own. */
export function foreignEntries(file: CatalogFile, slug: string): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  file.organizers.forEach((o, i) => o.slug !== slug && issues.push(catalogIssue(`organizers[${i}].slug`, catalogErrors.forbiddenOrganizer, [o.slug])));
  file.events.forEach((e, i) => e.organizer !== slug && issues.push(catalogIssue(`events[${i}].organizer`, catalogErrors.forbiddenOrganizer, [e.organizer])));
  file.subscriptions.forEach((s, i) => s.organizer !== slug && issues.push(catalogIssue(`subscriptions[${i}].organizer`, catalogErrors.forbiddenOrganizer, [s.organizer])));
  return issues;
}
