import { catalogErrors, type CatalogViolation } from '../shared/catalog-violation.js';
import { Rules } from '../shared/rules.js';
import type { PublishEventCatalog } from './publish-event-catalog.command.js';
import { validateAdditionalServices } from './validate-additional-services.js';
import { validateAttendeeFields } from './validate-attendee-fields.js';
import { validateCapacities, validateEventDetails } from './validate-event-details.js';
import { validatePolls } from './validate-polls.js';
import { validatePromoCodes } from './validate-promo-codes.js';
import { validateTicketCategories } from './validate-ticket-categories.js';

/** Every rule that needs only the command (not the stream): all violations, in field order. */
export function validateEventCatalog(command: PublishEventCatalog): readonly CatalogViolation[] {
  const rules = new Rules();
  const { event, totalSeats, capacities, categories, additionalServices, promoCodes, attendeeFields } = command.data;
  validateEventDetails(rules, event);
  validateCapacities(rules, totalSeats, capacities);
  validateTicketCategories(rules, event, categories, capacities);
  validateAdditionalServices(rules, event, additionalServices);
  validatePromoCodes(rules, event, promoCodes, categories);
  validateAttendeeFields(rules, event, attendeeFields, categories, additionalServices);
  validatePolls(rules, event, command.data.polls ?? []);
  // A paid item (or a donation of any amount) needs a way to pay; free events need none.
  const paid = categories.some((c) => c.price > 0) || additionalServices.some((s) => !s.fixPrice || s.price > 0);
  if (paid) rules.check(event.allowedPaymentProxies.length > 0, catalogErrors.noPaymentMethod, 'event.allowedPaymentProxies');
  return rules.violations;
}
