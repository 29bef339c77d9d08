import type { Decider } from '@ticketing/kernel';
import { INVOICE_NUMBER_PATTERN, type Organizer, type OrganizerEvent } from '@ticketing/catalog/contracts';
import { catalogErrors, rejectIfAny, type CatalogViolation } from '../shared/catalog-violation.js';
import { Rules } from '../shared/rules.js';
import { sameValue } from '../shared/same-value.js';
import { evolveOrganizer, initialOrganizerState, type OrganizerState } from './organizer.js';

/** "This is the organizer now": registers it, updates it, or does nothing when nothing differs. */
export interface PublishOrganizer {
  readonly type: 'PublishOrganizer';
  readonly data: { readonly organizer: Organizer };
}

export function validateOrganizer(organizer: Organizer): readonly CatalogViolation[] {
  const rules = new Rules();
  const f = (name: string) => `organizer.${name}`;
  rules.slug(organizer.slug, f('slug'));
  rules.nonEmpty(organizer.name, f('name'));
  rules.email(organizer.email, f('email'));
  rules.url(organizer.websiteUrl, f('websiteUrl'));
  if (organizer.invoicing) {
    rules.nonEmpty(organizer.invoicing.companyName, f('invoicing.companyName'));
    rules.nonEmpty(organizer.invoicing.address, f('invoicing.address'));
    const pattern = organizer.invoicing.invoiceNumberPattern ?? null;
    if (pattern !== null) rules.check(INVOICE_NUMBER_PATTERN.test(pattern), catalogErrors.invalidValue, f('invoicing.invoiceNumberPattern'));
  }
  rules.integer(organizer.payment.offlinePaymentDelayDays, f('payment.offlinePaymentDelayDays'), 1);
  return rules.violations;
}

export function decidePublishOrganizer(command: PublishOrganizer, state: OrganizerState): OrganizerEvent[] {
  const { organizer } = command.data;
  rejectIfAny(validateOrganizer(organizer));
  if (state.status === 'unregistered') return [{ type: 'OrganizerRegistered', data: { organizer } }];
  return sameValue(state.organizer, organizer) ? [] : [{ type: 'OrganizerUpdated', data: { organizer } }];
}

/** The decider of one `organizer-{slug}` stream. */
export const organizerDecider: Decider<OrganizerState, PublishOrganizer, OrganizerEvent> = {
  initialState: initialOrganizerState,
  evolve: evolveOrganizer,
  decide: decidePublishOrganizer,
};
