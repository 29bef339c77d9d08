import type { EventDetails } from '@ticketing/catalog/contracts';
import { catalogErrors } from '../shared/catalog-violation.js';
import type { Rules } from '../shared/rules.js';
import type { CapacityDraft, TicketCategoryDraft } from './publish-event-catalog.command.js';

export function validateTicketCategories(
  rules: Rules,
  event: EventDetails,
  categories: readonly TicketCategoryDraft[],
  capacities: readonly CapacityDraft[],
): void {
  const capacityKeys = new Set(capacities.map((c) => c.key));
  rules.unique(categories, (c) => c.key, (i) => `categories[${i}].key`);
  const codes = categories.flatMap((c, i) => (c.code === null ? [] : [{ code: c.code, i }]));
  rules.unique(codes, (c) => c.code, (n) => `categories[${codes[n]?.i ?? 0}].code`);
  categories.forEach((category, i) => {
    const f = (name: string) => `categories[${i}].${name}`;
    rules.nonEmpty(category.key, f('key'));
    rules.localized(category.name, event.contentLanguages, f('name'), true);
    rules.localized(category.description, event.contentLanguages, f('description'), false);
    rules.integer(category.price, f('price'), 0);
    if (category.capacity !== null) rules.check(capacityKeys.has(category.capacity), catalogErrors.unknownCapacity, f('capacity'), category.capacity);
    rules.saleWindow(category.sale, f('sale'));
    rules.optionalInteger(category.maxPerReservation, f('maxPerReservation'), 1);
    rules.check(Number.isInteger(category.ordinal), catalogErrors.notInteger, f('ordinal'));
    if (category.code !== null) rules.nonEmpty(category.code, f('code'));
  });
}
