import { describe, expect, it } from 'vitest';
import type { EventCatalogEvent } from '@ticketing/catalog/contracts';
import { catalogErrors as e } from '../shared/catalog-violation.js';
import { deciderSpec } from '@ticketing/testing';
import { earlyBird, eventDetails, lunch, publishCatalog, regular, speaker, speakerAccess } from '@ticketing/testing/catalog-commands';
import type { PromoCodeDraft, TicketCategoryDraft } from './publish-event-catalog.command.js';
import { eventCatalogDecider } from './publish-event-catalog.js';

const spec = deciderSpec(eventCatalogDecider);
const eventShortName = 'devday-2030';
const hall = { id: 1, key: 'hall', name: 'Main hall', size: 400 };
const category = ({ capacity: _capacity, ...draft }: TicketCategoryDraft, id: number, capacityId: number | null) => ({ ...draft, id, capacityId });
const promoCode = ({ categories: _keys, ...draft }: PromoCodeDraft, categoryIds: number[]) => ({ ...draft, categoryIds });
const regularCategory = category(regular, 1, 1);
const speakerCategory = category(speaker, 2, 1);
const lunchService = { ...lunch, id: 1 };
const earlyBirdCode = promoCode(earlyBird, [1]);
const speakerCode = promoCode(speakerAccess, [2]);

/** What publishing the fixture catalog into an empty stream appends. */
const published: EventCatalogEvent[] = [
  { type: 'EventPublished', data: { event: eventDetails } },
  { type: 'TotalSeatsCapped', data: { eventShortName, seats: 500 } },
  { type: 'CapacityDefined', data: { eventShortName, capacity: hall } },
  { type: 'TicketCategoryAdded', data: { eventShortName, category: regularCategory } },
  { type: 'TicketCategoryAdded', data: { eventShortName, category: speakerCategory } },
  { type: 'AdditionalServiceAdded', data: { eventShortName, service: lunchService } },
  { type: 'PromoCodeAdded', data: { eventShortName, promoCode: earlyBirdCode } },
  { type: 'PromoCodeAdded', data: { eventShortName, promoCode: speakerCode } },
];

describe('PublishEventCatalog', () => {
  describe('on an empty stream', () => {
    it('publishes the event and adds everything, with ids from 1 in file order', () => {
      spec.given([]).when(publishCatalog()).then(published);
    });

    it('emits no cap for an event without a total seat limit', () => {
      const events = spec.given([]).when(publishCatalog({ totalSeats: null })).events();
      expect(events.map((x) => x.type)).not.toContain('TotalSeatsCapped');
      expect(events.map((x) => x.type)).not.toContain('TotalSeatsUncapped');
    });

    it.each([
      ['a sale window ending before it starts', publishCatalog({ categories: [{ ...regular, sale: { start: '2030-02-01T00:00:00', end: '2030-01-01T00:00:00' } }] }), e.endBeforeStart, 'categories[0].sale.end'],
      ['a negative price', publishCatalog({ categories: [{ ...regular, price: -1 }] }), e.negative, 'categories[0].price'],
      ['a price with a fraction of a minor unit', publishCatalog({ categories: [{ ...regular, price: 10.5 }] }), e.notInteger, 'categories[0].price'],
      ['a maximum per reservation below 1', publishCatalog({ categories: [{ ...regular, maxPerReservation: 0 }] }), e.belowOne, 'categories[0].maxPerReservation'],
      ['a discount over 100 %', publishCatalog({ promoCodes: [{ ...earlyBird, discountAmount: 101 }] }), e.percentageOutOfRange, 'promoCodes[0].discountAmount'],
      ['a code for an unknown category', publishCatalog({ promoCodes: [{ ...earlyBird, categories: ['regular', 'vip'] }] }), e.unknownCategory, 'promoCodes[0].categories[1]'],
      ['a code in another currency', publishCatalog({ promoCodes: [{ ...earlyBird, currency: 'EUR' }] }), e.currencyMismatch, 'promoCodes[0].currency'],
      ['a content language without a title', publishCatalog({ event: { ...eventDetails, contentLanguages: ['en', 'it', 'de'] } }), e.missingTranslation, 'event.title.de'],
      ['a category name missing in a content language', publishCatalog({ categories: [{ ...regular, name: { en: 'Regular' } }] }), e.missingTranslation, 'categories[0].name.it'],
      ['text in a language the event does not offer', publishCatalog({ event: { ...eventDetails, description: { fr: 'Une journée' } } }), e.languageNotOffered, 'event.description.fr'],
      ['an event ending before it starts', publishCatalog({ event: { ...eventDetails, end: '2030-05-09T18:00:00' } }), e.endBeforeStart, 'event.end'],
      ['a date-time with an offset', publishCatalog({ event: { ...eventDetails, start: '2030-05-10T09:00:00+02:00' } }), e.invalidDateTime, 'event.start'],
      ['an unknown time zone', publishCatalog({ event: { ...eventDetails, timeZone: 'Europe/Atlantis' } }), e.invalidTimeZone, 'event.timeZone'],
      ['an in-person event without a location', publishCatalog({ event: { ...eventDetails, location: null } }), e.locationRequired, 'event.location'],
      ['a VAT with three decimals', publishCatalog({ event: { ...eventDetails, vatPercentage: 7.775 } }), e.tooManyDecimals, 'event.vatPercentage'],
      ['a VAT over 100 %', publishCatalog({ event: { ...eventDetails, vatPercentage: 120 } }), e.percentageOutOfRange, 'event.vatPercentage'],
      ['a category on an undefined capacity', publishCatalog({ categories: [{ ...regular, capacity: 'balcony' }] }), e.unknownCapacity, 'categories[0].capacity'],
      ['two categories with one key', publishCatalog({ categories: [regular, { ...speaker, key: 'regular' }] }), e.duplicateKey, 'categories[1].key'],
      ['a paid event without a payment method', publishCatalog({ event: { ...eventDetails, allowedPaymentProxies: [] } }), e.noPaymentMethod, 'event.allowedPaymentProxies'],
      ['a supplement without a policy', publishCatalog({ additionalServices: [{ ...lunch, supplementPolicy: null }] }), e.supplementPolicyRequired, 'additionalServices[0].supplementPolicy'],
      ['a percentage supplement without its percentage', publishCatalog({ additionalServices: [{ ...lunch, supplementPolicy: 'MANDATORY_PERCENTAGE_RESERVATION' }] }), e.percentageRequired, 'additionalServices[0].percentage'],
      ['a custom VAT without its percentage', publishCatalog({ additionalServices: [{ ...lunch, vatType: 'CUSTOM_EXCLUDED' }] }), e.vatPercentageRequired, 'additionalServices[0].vatPercentage'],
      ['a maximum per order below 1', publishCatalog({ additionalServices: [{ ...lunch, maxQtyPerOrder: 0 }] }), e.belowOne, 'additionalServices[0].maxQtyPerOrder'],
      ['an access code revealing nothing', publishCatalog({ promoCodes: [{ ...speakerAccess, categories: [] }] }), e.accessCodeWithoutCategory, 'promoCodes[0].categories'],
      ['a discount code without a discount', publishCatalog({ promoCodes: [{ ...earlyBird, discountType: 'NONE', discountAmount: 0 }] }), e.discountTypeNotAllowed, 'promoCodes[0].discountType'],
      ['a code equal to a category code', publishCatalog({ categories: [{ ...regular, code: 'EARLY10' }, speaker] }), e.duplicateKey, 'promoCodes[0].code'],
      ['a code valid until before it starts', publishCatalog({ promoCodes: [{ ...earlyBird, validTo: '2029-01-01T00:00:00' }] }), e.endBeforeStart, 'promoCodes[0].validTo'],
    ])('refuses %s', (_name, command, code, field) => {
      spec.given([]).when(command).thenThrows(code, field);
    });

    it('reports every violation at once, not just the first', () => {
      const command = publishCatalog({ categories: [{ ...regular, price: -1, maxPerReservation: 0 }, speaker] });
      try {
        eventCatalogDecider.decide(command, eventCatalogDecider.initialState());
        expect.unreachable();
      } catch (error) {
        expect((error as { violations: { field: string }[] }).violations.map((v) => v.field)).toEqual(['categories[0].price', 'categories[0].maxPerReservation']);
      }
    });
  });

  describe('on a published event', () => {
    it('appends nothing when the same catalog comes again', () => {
      spec.given(published).when(publishCatalog()).then([]);
    });

    it('ignores the order of keys inside the data, as read back from the store', () => {
      const reordered = JSON.parse(JSON.stringify(published, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v))) as EventCatalogEvent[];
      spec.given(reordered).when(publishCatalog()).then([]);
    });

    it('changes exactly the category whose price changed', () => {
      spec
        .given(published)
        .when(publishCatalog({ categories: [{ ...regular, price: 13000 }, speaker] }))
        .then([{ type: 'TicketCategoryChanged', data: { eventShortName, category: { ...regularCategory, price: 13000 } } }]);
    });

    it('changes the details when any field of the event changes', () => {
      const event = { ...eventDetails, tags: ['tech', 'zurich'] };
      spec.given(published).when(publishCatalog({ event })).then([{ type: 'EventDetailsChanged', data: { event } }]);
    });

    it('lifts and changes the total seat cap', () => {
      spec.given(published).when(publishCatalog({ totalSeats: null })).then([{ type: 'TotalSeatsUncapped', data: { eventShortName } }]);
      spec.given(published).when(publishCatalog({ totalSeats: 450 })).then([{ type: 'TotalSeatsCapped', data: { eventShortName, seats: 450 } }]);
    });

    it('removes what is no longer listed, after changing the codes that pointed at it', () => {
      spec
        .given(published)
        .when(publishCatalog({ categories: [regular], additionalServices: [], promoCodes: [earlyBird] }))
        .then([
          { type: 'PromoCodeRemoved', data: { eventShortName, code: 'SPEAKERS' } },
          { type: 'AdditionalServiceRemoved', data: { eventShortName, serviceId: 1, key: 'lunch' } },
          { type: 'TicketCategoryRemoved', data: { eventShortName, categoryId: 2, key: 'speaker' } },
        ]);
    });

    it('moves categories to a new capacity before removing the old one', () => {
      const events = spec
        .given(published)
        .when(publishCatalog({ capacities: [{ key: 'balcony', name: null, size: 50 }], categories: [{ ...regular, capacity: 'balcony' }, { ...speaker, capacity: null }] }))
        .events();
      expect(events.map((x) => x.type)).toEqual(['CapacityDefined', 'TicketCategoryChanged', 'TicketCategoryChanged', 'CapacityRemoved']);
      expect(events[0]).toEqual({ type: 'CapacityDefined', data: { eventShortName, capacity: { id: 2, key: 'balcony', name: null, size: 50 } } });
      expect(events[2]).toMatchObject({ data: { category: { key: 'speaker', capacityId: null } } });
    });

    it('gives a new key the next id after every id ever given, and a returning key its old id', () => {
      const removed = [...published, { type: 'TicketCategoryRemoved', data: { eventShortName, categoryId: 2, key: 'speaker' } } as const];
      const vip = { ...regular, key: 'vip', name: { en: 'VIP', it: 'VIP' } };
      const events = spec.given(removed).when(publishCatalog({ categories: [regular, vip, speaker] })).events();
      expect(events).toEqual([
        { type: 'TicketCategoryAdded', data: { eventShortName, category: expect.objectContaining({ key: 'vip', id: 3 }) } },
        { type: 'TicketCategoryAdded', data: { eventShortName, category: expect.objectContaining({ key: 'speaker', id: 2 }) } },
      ]);
    });

    it('refuses a catalog of another organizer for the same short name', () => {
      spec
        .given(published)
        .when(publishCatalog({ event: { ...eventDetails, organizerSlug: 'someone-else' } }))
        .thenThrows(e.ownedByAnotherOrganizer, 'event.organizerSlug');
    });
  });
});
