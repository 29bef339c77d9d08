import { describe, it } from 'vitest';
import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { catalogErrors as e } from '../shared/catalog-violation.js';
import { deciderSpec } from '@ticketing/testing';
import { descriptor } from '@ticketing/testing/catalog-commands';
import { subscriptionDescriptorDecider, type PublishSubscriptionDescriptor } from './publish-subscription-descriptor.js';

const spec = deciderSpec(subscriptionDescriptorDecider);
const publish = (d: SubscriptionDescriptor = descriptor): PublishSubscriptionDescriptor => ({ type: 'PublishSubscriptionDescriptor', data: { descriptor: d } });

describe('PublishSubscriptionDescriptor', () => {
  describe('on an empty stream', () => {
    it('publishes the descriptor', () => {
      spec.given([]).when(publish()).then([{ type: 'SubscriptionDescriptorPublished', data: { descriptor } }]);
    });

    it('accepts a CUSTOM validity with its dates and a NOT_SET one with none', () => {
      const custom = { ...descriptor, validityType: 'CUSTOM', validityUnits: null, validityTimeUnit: null, validFrom: '2030-01-01T00:00:00', validTo: '2030-12-31T23:59:59' } as const;
      spec.given([]).when(publish(custom)).then([{ type: 'SubscriptionDescriptorPublished', data: { descriptor: custom } }]);
      const open = { ...descriptor, validityType: 'NOT_SET', validityUnits: null, validityTimeUnit: null } as const;
      spec.given([]).when(publish(open)).then([{ type: 'SubscriptionDescriptorPublished', data: { descriptor: open } }]);
    });

    it('accepts pages framed by a host it names', () => {
      const framed = { ...descriptor, embedding: { enabled: true, notificationOrigin: 'https://club.example.org' } };
      spec.given([]).when(publish(framed)).then([{ type: 'SubscriptionDescriptorPublished', data: { descriptor: framed } }]);
    });

    it('accepts categories for some of its events (the others: every category)', () => {
      const restricted = { ...descriptor, compatibleEventShortNames: ['devday-2030', 'devday-2031'], compatibleCategoryIds: { 'devday-2030': [1, 2] } };
      spec.given([]).when(publish(restricted)).then([{ type: 'SubscriptionDescriptorPublished', data: { descriptor: restricted } }]);
    });

    it.each([
      ['categories of an event it is not valid for', { ...descriptor, compatibleCategoryIds: { 'devday-2031': [1] } }, e.unknownEvent, 'descriptor.compatibleCategoryIds.devday-2031'],
      ['a category twice', { ...descriptor, compatibleCategoryIds: { 'devday-2030': [2, 2] } }, e.duplicateKey, 'descriptor.compatibleCategoryIds.devday-2030[1]'],
      ['a category id below 1', { ...descriptor, compatibleCategoryIds: { 'devday-2030': [0] } }, e.belowOne, 'descriptor.compatibleCategoryIds.devday-2030[0]'],
      ['a STANDARD validity without units', { ...descriptor, validityUnits: null }, e.validityUnitsRequired, 'descriptor.validityUnits'],
      ['a CUSTOM validity without dates', { ...descriptor, validityType: 'CUSTOM', validityUnits: null, validityTimeUnit: null }, e.validityDatesRequired, 'descriptor.validTo'],
      ['a CUSTOM validity ending before it starts', { ...descriptor, validityType: 'CUSTOM', validityUnits: null, validityTimeUnit: null, validFrom: '2030-02-01T00:00:00', validTo: '2030-01-01T00:00:00' }, e.endBeforeStart, 'descriptor.validTo'],
      ['a sale period ending before it starts', { ...descriptor, sale: { start: '2030-02-01T00:00:00', end: '2030-01-01T00:00:00' } }, e.endBeforeStart, 'descriptor.sale.end'],
      ['a negative price', { ...descriptor, price: -100 }, e.negative, 'descriptor.price'],
      ['zero max entries', { ...descriptor, maxEntries: 0 }, e.belowOne, 'descriptor.maxEntries'],
      ['a language without a title', { ...descriptor, contentLanguages: ['en', 'it', 'fr'] }, e.missingTranslation, 'descriptor.title.fr'],
      ['an id that is not a lower-case UUID', { ...descriptor, id: 'season-pass' }, e.invalidValue, 'descriptor.id'],
      ['a paid pass without a payment method', { ...descriptor, allowedPaymentProxies: [] }, e.noPaymentMethod, 'descriptor.allowedPaymentProxies'],
      ['a pass paid on site (it has no door to pay at)', { ...descriptor, allowedPaymentProxies: ['OFFLINE', 'ON_SITE'] }, e.invalidValue, 'descriptor.allowedPaymentProxies[1]'],
      ['a host to notify that is no http(s) address', { ...descriptor, embedding: { enabled: true, notificationOrigin: 'javascript:alert(1)' } }, e.invalidUrl, 'descriptor.embedding.notificationOrigin'],
    ] as [string, SubscriptionDescriptor, string, string][])('refuses %s', (_name, d, code, field) => {
      spec.given([]).when(publish(d)).thenThrows(code, field);
    });
  });

  describe('on a published descriptor', () => {
    const published = [{ type: 'SubscriptionDescriptorPublished', data: { descriptor } } as const];

    it('appends nothing when nothing changed', () => {
      spec.given(published).when(publish()).then([]);
    });

    it('changes the descriptor when its compatible events change', () => {
      const changed = { ...descriptor, compatibleEventShortNames: ['devday-2030', 'devday-2031'] };
      spec.given(published).when(publish(changed)).then([{ type: 'SubscriptionDescriptorChanged', data: { descriptor: changed } }]);
    });

    it('changes the descriptor when the categories of an event change, and not when an absent restriction stays absent', () => {
      const restricted = { ...descriptor, compatibleCategoryIds: { 'devday-2030': [2] } };
      spec.given(published).when(publish(restricted)).then([{ type: 'SubscriptionDescriptorChanged', data: { descriptor: restricted } }]);
      spec.given(published).when(publish({ ...descriptor, compatibleCategoryIds: undefined })).then([]);
    });

    it('refuses the same id from another organizer', () => {
      spec.given(published).when(publish({ ...descriptor, organizerSlug: 'other' })).thenThrows(e.ownedByAnotherOrganizer, 'descriptor.organizerSlug');
    });
  });
});
