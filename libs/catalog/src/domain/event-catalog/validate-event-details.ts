import type { EventDetails } from '@ticketing/catalog/contracts';
import { catalogErrors } from '../shared/catalog-violation.js';
import type { Rules } from '../shared/rules.js';
import type { CapacityDraft } from './publish-event-catalog.command.js';

export function validateEventDetails(rules: Rules, event: EventDetails): void {
  const f = (name: string) => `event.${name}`;
  rules.shortName(event.shortName, f('shortName'));
  rules.slug(event.organizerSlug, f('organizerSlug'));
  rules.nonEmpty(event.displayName, f('displayName'));
  rules.languages(event.contentLanguages, f('contentLanguages'));
  rules.localized(event.title, event.contentLanguages, f('title'), true);
  rules.localized(event.description, event.contentLanguages, f('description'), false);
  if (event.format !== 'ONLINE') rules.check((event.location ?? '').trim().length > 0, catalogErrors.locationRequired, f('location'), event.format);
  if (event.geolocation) {
    rules.check(Math.abs(event.geolocation.latitude) <= 90, catalogErrors.invalidValue, f('geolocation.latitude'));
    rules.check(Math.abs(event.geolocation.longitude) <= 180, catalogErrors.invalidValue, f('geolocation.longitude'));
  }
  rules.url(event.mapUrl, f('mapUrl'));
  rules.window(event.start, event.end, 'event.');
  rules.timeZone(event.timeZone, f('timeZone'));
  rules.currency(event.currency, f('currency'));
  rules.percentage(event.vatPercentage, f('vatPercentage'));
  rules.url(event.privacyPolicyUrl, f('privacyPolicyUrl'));
  rules.url(event.termsAndConditionsUrl, f('termsAndConditionsUrl'));
  rules.url(event.websiteUrl, f('websiteUrl'));
  for (const language of Object.keys(event.i18nOverrides)) {
    rules.check(event.contentLanguages.includes(language), catalogErrors.languageNotOffered, f(`i18nOverrides.${language}`), event.contentLanguages.join(','));
  }
  rules.fileId(event.imageFileId, f('imageFileId'));
  rules.unique(event.tags, (t) => t, (i) => f(`tags[${i}]`));
  if (event.embedding.notificationOrigin !== '') rules.url(event.embedding.notificationOrigin, f('embedding.notificationOrigin'));
  rules.unique(event.allowedPaymentProxies, (p) => p, (i) => f(`allowedPaymentProxies[${i}]`));
  rules.integer(event.reservationValidityMinutes, f('reservationValidityMinutes'), 1);
  rules.integer(event.maxTicketsPerReservation, f('maxTicketsPerReservation'), 1);
  if (event.waitingRoom) {
    rules.integer(event.waitingRoom.admissionsPerMinute, f('waitingRoom.admissionsPerMinute'), 1);
    rules.integer(event.waitingRoom.tokenValidityMinutes, f('waitingRoom.tokenValidityMinutes'), 1);
  }
}

export function validateCapacities(rules: Rules, totalSeats: number | null, capacities: readonly CapacityDraft[]): void {
  rules.optionalInteger(totalSeats, 'totalSeats', 0);
  rules.unique(capacities, (c) => c.key, (i) => `capacities[${i}].key`);
  capacities.forEach((capacity, i) => {
    rules.nonEmpty(capacity.key, `capacities[${i}].key`);
    rules.integer(capacity.size, `capacities[${i}].size`, 0);
  });
}
