import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogProjections } from '../read-models/catalog-projections.js';
import { additionalService, attendeeField, catalogEvent, eventDetails, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { loadEventSnapshot } from '../shared/event-records.js';
import { purchaseOffer } from './purchase-offer.query.js';

const e = 'jazz-night';
const newsletter = attendeeField({ name: 'newsletter', type: 'checkbox', ordinal: 3, required: false, maxLength: null, restrictedValues: ['yes'] });
const size = attendeeField({ name: 'size', type: 'select', ordinal: 1, maxLength: null, restrictedValues: ['S', 'M', 'L'], categoryIds: [1] });
const diet = attendeeField({ name: 'diet', type: 'textarea', ordinal: 2, required: false, maxLength: 500, additionalServiceId: 1 });

describe('purchaseOffer over the read tables', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('purchase_offer', catalogProjections);
    await h.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
  });
  afterEach(() => h.close());

  it('offers the current attendee fields of the event by ordinal, without removed ones or another event\'s', async () => {
    await h.given(`event-${e}`, [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails() } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: e, category: ticketCategory() } }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: { eventShortName: e, service: additionalService() } }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: newsletter } }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: attendeeField() } }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: size } }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: diet } }),
      catalogEvent({ type: 'AttendeeFieldChanged', data: { eventShortName: e, field: { ...size, disabledValues: ['L'] } } }),
      catalogEvent({ type: 'AttendeeFieldRemoved', data: { eventShortName: e, name: 'newsletter' } }),
    ]);
    await h.given('event-other', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'other' }) } }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: 'other', field: attendeeField({ name: 'phone', type: 'input:tel' }) } }),
    ]);

    const snapshot = await loadEventSnapshot(h.db, e);
    const offer = purchaseOffer(snapshot!, null, new Date('2030-01-01T00:00:00Z'));
    expect(offer.attendeeFields).toEqual([attendeeField(), { ...size, disabledValues: ['L'] }, diet]);
  });
});
