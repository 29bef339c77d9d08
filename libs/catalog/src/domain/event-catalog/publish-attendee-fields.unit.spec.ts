import { describe, expect, it } from 'vitest';
import type { AttendeeField, EventCatalogEvent } from '@ticketing/catalog/contracts';
import { catalogErrors as e } from '../shared/catalog-violation.js';
import { deciderSpec } from '@ticketing/testing';
import { company, eventDetails, lunch, lunchMenu, publishCatalog, tShirtSize } from '@ticketing/testing/catalog-commands';
import type { AttendeeFieldDraft } from './publish-event-catalog.command.js';
import { eventCatalogDecider } from './publish-event-catalog.js';

const spec = deciderSpec(eventCatalogDecider);
const eventShortName = 'devday-2030';
/** The field as the events carry it: keys resolved to the ids the fixture catalog gives (regular = 1, lunch = 1). */
const field = ({ categories: _keys, additionalService: _service, ...draft }: AttendeeFieldDraft, categoryIds: number[], additionalServiceId: number | null): AttendeeField => ({
  ...draft,
  categoryIds,
  additionalServiceId,
});
const companyField = field(company, [], null);
const tShirtField = field(tShirtSize, [1], null);
const lunchMenuField = field(lunchMenu, [], 1);
const withFields = (...attendeeFields: AttendeeFieldDraft[]) => publishCatalog({ attendeeFields });

/** The fixture catalog with three fields, as published into an empty stream. */
const published: EventCatalogEvent[] = spec.given([]).when(withFields(company, tShirtSize, lunchMenu)).events().slice();

describe('PublishEventCatalog with attendee fields', () => {
  describe('on an empty stream', () => {
    it('adds each field after the categories, services and codes it may point at, keys resolved to ids', () => {
      expect(published.map((x) => x.type).slice(-5)).toEqual(['PromoCodeAdded', 'PromoCodeAdded', 'AttendeeFieldAdded', 'AttendeeFieldAdded', 'AttendeeFieldAdded']);
      expect(published.slice(-3)).toEqual([
        { type: 'AttendeeFieldAdded', data: { eventShortName, field: companyField } },
        { type: 'AttendeeFieldAdded', data: { eventShortName, field: tShirtField } },
        { type: 'AttendeeFieldAdded', data: { eventShortName, field: lunchMenuField } },
      ]);
    });

    it.each([
      ['a field without a name', withFields({ ...company, name: ' ' }), e.required, 'attendeeFields[0].name'],
      ['two fields with one name', withFields(company, { ...tShirtSize, name: 'company' }), e.duplicateKey, 'attendeeFields[1].name'],
      ['a type that is not one of the nine', withFields({ ...company, type: 'input:email' as AttendeeFieldDraft['type'] }), e.invalidValue, 'attendeeFields[0].type'],
      ['a label missing in a content language', withFields({ ...company, label: { en: 'Company' } }), e.missingTranslation, 'attendeeFields[0].label.it'],
      ['a placeholder in a language the event does not offer', withFields({ ...company, placeholder: { fr: 'Société' } }), e.languageNotOffered, 'attendeeFields[0].placeholder.fr'],
      ['a select without values', withFields({ ...tShirtSize, restrictedValues: [], disabledValues: [], restrictedValuesDescription: {} }), e.restrictedValuesRequired, 'attendeeFields[0].restrictedValues'],
      ['a radio without values', withFields({ ...lunchMenu, restrictedValues: [] }), e.restrictedValuesRequired, 'attendeeFields[0].restrictedValues'],
      ['values on a text field', withFields({ ...company, restrictedValues: ['ACME'] }), e.restrictedValuesNotAllowed, 'attendeeFields[0].restrictedValues'],
      ['a value listed twice', withFields({ ...tShirtSize, restrictedValues: ['S', 'M', 'S', 'XL'] }), e.duplicateKey, 'attendeeFields[0].restrictedValues[2]'],
      ['a disabled value that is not a value', withFields({ ...tShirtSize, disabledValues: ['XL', 'XXL'] }), e.unknownValue, 'attendeeFields[0].disabledValues[1]'],
      ['a description of a value that is not a value', withFields({ ...tShirtSize, restrictedValuesDescription: { XXL: { en: 'XXL' } } }), e.unknownValue, 'attendeeFields[0].restrictedValuesDescription.XXL'],
      ['an unknown category', withFields({ ...tShirtSize, categories: ['regular', 'vip'] }), e.unknownCategory, 'attendeeFields[0].categories[1]'],
      ['an unknown additional service', withFields({ ...lunchMenu, additionalService: 'dinner' }), e.unknownAdditionalService, 'attendeeFields[0].additionalService'],
      [
        'a field on a donation',
        publishCatalog({ additionalServices: [{ ...lunch, type: 'DONATION', supplementPolicy: null }], attendeeFields: [lunchMenu] }),
        e.notASupplement,
        'attendeeFields[0].additionalService',
      ],
      ['a minimum above the maximum', withFields({ ...company, minLength: 101 }), e.minAboveMax, 'attendeeFields[0].minLength'],
      ['a negative length', withFields({ ...company, minLength: -1 }), e.negative, 'attendeeFields[0].minLength'],
      ['a fractional length', withFields({ ...company, maxLength: 2.5 }), e.notInteger, 'attendeeFields[0].maxLength'],
    ])('refuses %s', (_name, command, code, path) => {
      spec.given([]).when(command).thenThrows(code, path);
    });

    it('accepts a checkbox without values and a date of birth with an age range', () => {
      const newsletter: AttendeeFieldDraft = { ...company, name: 'newsletter', type: 'checkbox', required: false, maxLength: null };
      const dateOfBirth: AttendeeFieldDraft = { ...company, name: 'dateOfBirth', type: 'input:dateOfBirth', minLength: 16, maxLength: 120 };
      expect(spec.given([]).when(withFields(newsletter, dateOfBirth)).events().filter((x) => x.type === 'AttendeeFieldAdded')).toHaveLength(2);
    });
  });

  describe('on a published event with fields', () => {
    it('appends nothing when the same fields come again', () => {
      spec.given(published).when(withFields(company, tShirtSize, lunchMenu)).then([]);
    });

    it('appends nothing when only the order of the list changes but the ordinals stay', () => {
      spec.given(published).when(withFields(lunchMenu, company, tShirtSize)).then([]);
    });

    it('changes exactly the field whose value changed, carrying the whole field', () => {
      const relabelled = { ...tShirtSize, disabledValues: [], label: { en: 'Shirt size', it: 'Taglia' } };
      spec
        .given(published)
        .when(withFields(company, relabelled, lunchMenu))
        .then([{ type: 'AttendeeFieldChanged', data: { eventShortName, field: field(relabelled, [1], null) } }]);
    });

    it('changes a field that moves to another category', () => {
      const events = spec.given(published).when(withFields(company, { ...tShirtSize, categories: ['regular', 'speaker'] }, lunchMenu)).events();
      expect(events).toEqual([{ type: 'AttendeeFieldChanged', data: { eventShortName, field: { ...tShirtField, categoryIds: [1, 2] } } }]);
    });

    it('removes a field no longer listed, by its name', () => {
      spec.given(published).when(withFields(company, lunchMenu)).then([{ type: 'AttendeeFieldRemoved', data: { eventShortName, name: 'tShirtSize' } }]);
    });

    it('removes a supplement only after the field that asked about it', () => {
      const events = spec.given(published).when(publishCatalog({ additionalServices: [], attendeeFields: [company, tShirtSize] })).events();
      expect(events).toEqual([
        { type: 'AttendeeFieldRemoved', data: { eventShortName, name: 'lunchMenu' } },
        { type: 'AdditionalServiceRemoved', data: { eventShortName, serviceId: 1, key: 'lunch' } },
      ]);
    });

    it('adds a field again after it was removed', () => {
      const removed = [...published, { type: 'AttendeeFieldRemoved', data: { eventShortName, name: 'company' } } as const];
      spec.given(removed).when(withFields(company, tShirtSize, lunchMenu)).then([{ type: 'AttendeeFieldAdded', data: { eventShortName, field: companyField } }]);
    });

    it('keeps the fields when only the event details change', () => {
      const event = { ...eventDetails, tags: ['tech', 'zurich'] };
      spec.given(published).when(publishCatalog({ event, attendeeFields: [company, tShirtSize, lunchMenu] })).then([{ type: 'EventDetailsChanged', data: { event } }]);
    });
  });
});
