import { describe, it } from 'vitest';
import { catalogErrors as e } from '../shared/catalog-violation.js';
import { deciderSpec } from '@ticketing/testing';
import { organizer } from '@ticketing/testing/catalog-commands';
import type { Organizer } from '@ticketing/catalog/contracts';
import { organizerDecider, type PublishOrganizer } from './publish-organizer.js';

const spec = deciderSpec(organizerDecider);
const publish = (o = organizer): PublishOrganizer => ({ type: 'PublishOrganizer', data: { organizer: o } });
const withPattern = (invoiceNumberPattern: string | null) => ({ ...organizer, invoicing: { ...organizer.invoicing!, invoiceNumberPattern } });

describe('PublishOrganizer', () => {
  describe('on an empty stream', () => {
    it('registers the organizer', () => {
      spec.given([]).when(publish()).then([{ type: 'OrganizerRegistered', data: { organizer } }]);
    });

    it.each<[string, Organizer, string, string]>([
      ['a slug with capitals', { ...organizer, slug: 'Lakeside' }, e.invalidSlug, 'organizer.slug'],
      ['an e-mail without a domain', { ...organizer, email: 'hello' }, e.invalidEmail, 'organizer.email'],
      ['an empty name', { ...organizer, name: ' ' }, e.required, 'organizer.name'],
      ['a website that is not http(s)', { ...organizer, websiteUrl: 'javascript:alert(1)' }, e.invalidUrl, 'organizer.websiteUrl'],
      ['a bank transfer delay of 0 days', { ...organizer, payment: { ...organizer.payment, offlinePaymentDelayDays: 0 } }, e.belowOne, 'organizer.payment.offlinePaymentDelayDays'],
      ...['INV-%s', 'INV', 'INV-%d-%d', '100% %d', 'INV-%6d'].map(
        (pattern): [string, Organizer, string, string] => [`the invoice number pattern ${pattern}`, withPattern(pattern), e.invalidValue, 'organizer.invoicing.invoiceNumberPattern'],
      ),
    ])('refuses %s', (_name, o, code, field) => {
      spec.given([]).when(publish(o)).thenThrows(code, field);
    });

    it.each(['INV-%06d', '%d', '%%%d%%', 'R%02d/2030', null])('takes the invoice number pattern %s', (pattern) => {
      spec.given([]).when(publish(withPattern(pattern))).then([{ type: 'OrganizerRegistered', data: { organizer: withPattern(pattern) } }]);
    });
  });

  describe('on a registered organizer', () => {
    const registered = [{ type: 'OrganizerRegistered', data: { organizer } } as const];

    it('appends nothing when nothing changed', () => {
      spec.given(registered).when(publish()).then([]);
    });

    it('updates the organizer when a field changed', () => {
      const renamed = { ...organizer, name: 'Lakeside Events' };
      spec.given(registered).when(publish(renamed)).then([{ type: 'OrganizerUpdated', data: { organizer: renamed } }]);
    });

    it('compares with the latest update, not the registration', () => {
      const renamed = { ...organizer, name: 'Lakeside Events' };
      spec.given([...registered, { type: 'OrganizerUpdated', data: { organizer: renamed } }]).when(publish(renamed)).then([]);
    });
  });
});
