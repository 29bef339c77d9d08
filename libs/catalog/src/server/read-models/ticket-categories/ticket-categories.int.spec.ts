import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent, ticketCategory } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { ticketCategoriesProjection } from './ticket-categories.projection.js';

const e = 'jazz-night';
const history = [
  catalogEvent({ type: 'CapacityDefined', data: { eventShortName: e, capacity: { id: 1, key: 'hall', name: 'Hall', size: 100 } } }),
  catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: e, category: ticketCategory({ capacityId: 1 }) } }),
  catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: e, category: ticketCategory({ id: 2, key: 'vip', price: 5000, accessRestricted: true, ordinal: 2 }) } }),
  catalogEvent({ type: 'TicketCategoryChanged', data: { eventShortName: e, category: ticketCategory({ capacityId: 1, price: 1200 }) } }),
  catalogEvent({ type: 'CapacityChanged', data: { eventShortName: e, capacity: { id: 1, key: 'hall', name: 'Big hall', size: 150 } } }),
  catalogEvent({ type: 'TicketCategoryRemoved', data: { eventShortName: e, categoryId: 2, key: 'vip' } }),
];

describe('catalog-ticket-categories projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('categories', [ticketCategoriesProjection]);
  });
  afterEach(() => h.close());

  it('keeps categories and capacities per event, removed ones marked', async () => {
    await h.given(`event-${e}`, history);
    expect(await h.rows('select category_id, price, access_restricted, capacity_id, removed, revision, description_html from catalog_ticket_categories order by category_id')).toEqual([
      { category_id: 1, price: 1200, access_restricted: false, capacity_id: 1, removed: false, revision: 3, description_html: { en: '<p>A seat</p>\n', it: '<p>Un posto</p>\n' } },
      expect.objectContaining({ category_id: 2, price: 5000, access_restricted: true, removed: true, revision: 5 }),
    ]);
    expect(await h.rows('select capacity_id, key, name, size, removed from catalog_capacities')).toEqual([
      { capacity_id: 1, key: 'hall', name: 'Big hall', size: 150, removed: false },
    ]);
  });

  it('changes nothing when the events are delivered again: a removed category stays removed', async () => {
    await h.given(`event-${e}`, history);
    const before = await h.rows('select * from catalog_ticket_categories order by category_id');
    await h.replayAllAgain(ticketCategoriesProjection);
    expect(await h.rows('select * from catalog_ticket_categories order by category_id')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`event-${e}`, history);
    await h.given('event-other', [catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'other', capacity: { id: 1, key: 'x', name: null, size: 3 } } })]);
    await h.runner.rebuild(ticketCategoriesProjection.name);
    expect(await h.runner.verify(ticketCategoriesProjection.name)).toMatchObject({ ok: true });
    expect(await h.rows('select count(*)::int as n from catalog_capacities')).toEqual([{ n: 2 }]);
  });
});
