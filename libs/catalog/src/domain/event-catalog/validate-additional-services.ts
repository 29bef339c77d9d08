import type { EventDetails } from '@ticketing/catalog/contracts';
import { catalogErrors } from '../shared/catalog-violation.js';
import type { Rules } from '../shared/rules.js';
import type { AdditionalServiceDraft } from './publish-event-catalog.command.js';

const PERCENTAGE_POLICIES = new Set(['MANDATORY_PERCENTAGE_FOR_TICKET', 'MANDATORY_PERCENTAGE_RESERVATION']);

export function validateAdditionalServices(rules: Rules, event: EventDetails, services: readonly AdditionalServiceDraft[]): void {
  rules.unique(services, (s) => s.key, (i) => `additionalServices[${i}].key`);
  services.forEach((service, i) => {
    const f = (name: string) => `additionalServices[${i}].${name}`;
    rules.nonEmpty(service.key, f('key'));
    rules.localized(service.title, event.contentLanguages, f('title'), true);
    rules.localized(service.description, event.contentLanguages, f('description'), false);
    if (service.type === 'SUPPLEMENT') rules.check(service.supplementPolicy !== null, catalogErrors.supplementPolicyRequired, f('supplementPolicy'));
    const byPercentage = service.supplementPolicy !== null && PERCENTAGE_POLICIES.has(service.supplementPolicy);
    if (byPercentage) {
      if (rules.check(service.percentage !== null, catalogErrors.percentageRequired, f('percentage'))) rules.percentage(service.percentage ?? 0, f('percentage'));
    } else {
      rules.check(service.percentage === null, catalogErrors.percentageNotAllowed, f('percentage'), service.supplementPolicy);
    }
    rules.integer(service.price, f('price'), 0);
    rules.optionalInteger(service.minPrice, f('minPrice'), 0);
    rules.optionalInteger(service.maxPrice, f('maxPrice'), 0);
    if (service.minPrice !== null && service.maxPrice !== null) {
      rules.check(service.minPrice <= service.maxPrice, catalogErrors.minAboveMax, f('minPrice'), service.maxPrice);
    }
    rules.integer(service.availableQuantity, f('availableQuantity'), 0);
    rules.integer(service.maxQtyPerOrder, f('maxQtyPerOrder'), 1);
    rules.saleWindow(service.sale, f('sale'));
    if (service.vatType === 'CUSTOM_INCLUDED' || service.vatType === 'CUSTOM_EXCLUDED') {
      if (rules.check(service.vatPercentage !== null, catalogErrors.vatPercentageRequired, f('vatPercentage'), service.vatType)) {
        rules.percentage(service.vatPercentage ?? 0, f('vatPercentage'));
      }
    } else {
      rules.check(service.vatPercentage === null, catalogErrors.percentageNotAllowed, f('vatPercentage'), service.vatType);
    }
    rules.check(Number.isInteger(service.ordinal), catalogErrors.notInteger, f('ordinal'));
  });
}
