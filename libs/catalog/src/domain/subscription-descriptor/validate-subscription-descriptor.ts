import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { catalogErrors, type CatalogViolation } from '../shared/catalog-violation.js';
import { Rules } from '../shared/rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function validateSubscriptionDescriptor(d: SubscriptionDescriptor): readonly CatalogViolation[] {
  const rules = new Rules();
  const f = (name: string) => `descriptor.${name}`;
  // Lower case only: the id is part of a stream name and of URLs, one spelling per descriptor.
  rules.check(UUID.test(d.id), catalogErrors.invalidValue, f('id'));
  rules.slug(d.organizerSlug, f('organizerSlug'));
  rules.languages(d.contentLanguages, f('contentLanguages'));
  rules.localized(d.title, d.contentLanguages, f('title'), true);
  rules.localized(d.description, d.contentLanguages, f('description'), false);
  rules.fileId(d.imageFileId, f('imageFileId'));
  rules.integer(d.price, f('price'), 0);
  rules.currency(d.currency, f('currency'));
  rules.percentage(d.vatPercentage, f('vatPercentage'));
  rules.timeZone(d.timeZone, f('timeZone'));
  rules.saleWindow(d.sale, f('sale'));
  if (d.validityType === 'STANDARD') {
    rules.check(d.validityUnits !== null && d.validityTimeUnit !== null, catalogErrors.validityUnitsRequired, f('validityUnits'));
    rules.optionalInteger(d.validityUnits, f('validityUnits'), 1);
  } else {
    rules.check(d.validityUnits === null && d.validityTimeUnit === null, catalogErrors.invalidValue, f('validityUnits'), d.validityType);
  }
  if (d.validityType === 'CUSTOM') {
    rules.check(d.validFrom !== null && d.validTo !== null, catalogErrors.validityDatesRequired, f('validTo'));
  } else {
    rules.check(d.validFrom === null && d.validTo === null, catalogErrors.invalidValue, f('validFrom'), d.validityType);
  }
  rules.window(d.validFrom, d.validTo, 'descriptor.', 'validFrom', 'validTo');
  rules.optionalInteger(d.maxEntries, f('maxEntries'), 1);
  rules.optionalInteger(d.maxAvailable, f('maxAvailable'), 0);
  rules.unique(d.compatibleEventShortNames, (s) => s, (i) => f(`compatibleEventShortNames[${i}]`));
  d.compatibleEventShortNames.forEach((s, i) => rules.shortName(s, f(`compatibleEventShortNames[${i}]`)));
  for (const [shortName, ids] of Object.entries(d.compatibleCategoryIds ?? {})) {
    const field = f(`compatibleCategoryIds.${shortName}`);
    // a restriction for an event the pass is not valid for would never apply: a mistake of the author
    rules.check(d.compatibleEventShortNames.includes(shortName), catalogErrors.unknownEvent, field, shortName);
    rules.unique(ids, String, (i) => `${field}[${i}]`);
    ids.forEach((id, i) => rules.integer(id, `${field}[${i}]`, 1));
  }
  rules.url(d.privacyPolicyUrl, f('privacyPolicyUrl'));
  if (d.embedding && d.embedding.notificationOrigin !== '') rules.url(d.embedding.notificationOrigin, f('embedding.notificationOrigin'));
  rules.url(d.termsAndConditionsUrl, f('termsAndConditionsUrl'));
  rules.url(d.websiteUrl, f('websiteUrl'));
  rules.unique(d.allowedPaymentProxies, (p) => p, (i) => f(`allowedPaymentProxies[${i}]`));
  // a pass has no door to pay at: owed on site it would be issued unpaid, or never
  d.allowedPaymentProxies.forEach((p, i) => rules.check(p !== 'ON_SITE', catalogErrors.invalidValue, f(`allowedPaymentProxies[${i}]`), p));
  if (d.price > 0) rules.check(d.allowedPaymentProxies.length > 0, catalogErrors.noPaymentMethod, f('allowedPaymentProxies'));
  rules.integer(d.reservationValidityMinutes, f('reservationValidityMinutes'), 1);
  return rules.violations;
}
