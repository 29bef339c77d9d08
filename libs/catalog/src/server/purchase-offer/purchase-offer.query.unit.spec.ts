import { describe, expect, it } from 'vitest';
import { attendeeField, eventDetails } from '@ticketing/testing/catalog-events';
import type { EventSnapshot } from '../shared/event-records.js';
import { purchaseOffer } from './purchase-offer.query.js';

const snapshot = (attendeeFields: EventSnapshot['attendeeFields']): EventSnapshot => ({
  record: {
    details: eventDetails(),
    descriptionHtml: {},
    totalSeats: null,
    organizer: null,
    hasRestrictedCategories: false,
    hasPromoCodes: false,
    hasPaidCategories: true,
    linkedToSubscription: false,
  },
  offer: { categories: [], capacities: [], services: [] },
  promoCodes: new Map(),
  attendeeFields,
});

describe('the purchase offer', () => {
  it('lists the attendee fields by ordinal, the name breaking ties, each field whole', () => {
    const before = attendeeField({ name: 'country', type: 'country', ordinal: 2, beforeStandardFields: true, maxLength: null });
    const size = attendeeField({ name: 'size', type: 'select', ordinal: 1, restrictedValues: ['S', 'M'], categoryIds: [2], maxLength: null });
    const track = attendeeField({ name: 'track', type: 'radio', ordinal: 1, restrictedValues: ['a', 'b'], additionalServiceId: 3, maxLength: null });
    const company = attendeeField({ ordinal: 0 });
    const offer = purchaseOffer(snapshot([before, track, size, company]), null, new Date('2030-01-01T00:00:00Z'));
    expect(offer.attendeeFields.map((f) => f.name)).toEqual(['company', 'size', 'track', 'country']);
    expect(offer.attendeeFields[2]).toEqual(track);
  });

  it('has no attendee fields for an event without a form', () => {
    expect(purchaseOffer(snapshot([]), null, new Date()).attendeeFields).toEqual([]);
  });
});
