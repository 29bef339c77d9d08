import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { subscriptionDescriptorsProjection } from './subscription-descriptors.projection.js';

const id = subscriptionDescriptor().id;
const history = [
  catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor: subscriptionDescriptor({ compatibleEventShortNames: ['a', 'b'] }) } }),
  catalogEvent({
    type: 'SubscriptionDescriptorChanged',
    data: { descriptor: subscriptionDescriptor({ compatibleEventShortNames: ['b', 'c'], sale: { start: '2026-07-01T00:00:00', end: '2026-12-31T23:59:00' } }) },
  }),
];

describe('catalog-subscription-descriptors projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('descriptors', [subscriptionDescriptorsProjection]);
  });
  afterEach(() => h.close());

  it('keeps each descriptor with its sale window as instants and its compatible events', async () => {
    await h.given(`subscription-descriptor-${id}`, history);
    expect(await h.rows('select id, organizer_slug, is_public, sale_start_at, sale_end_at, revision, description_html from catalog_subscription_descriptors')).toEqual([
      {
        id,
        organizer_slug: 'acme',
        is_public: true,
        sale_start_at: new Date('2026-06-30T22:00:00Z'),
        sale_end_at: new Date('2026-12-31T22:59:00Z'),
        revision: 1,
        description_html: { en: '<p>All <strong>concerts</strong></p>\n', it: '<p>Tutti i <strong>concerti</strong></p>\n' },
      },
    ]);
    expect(await h.rows('select event_short_name from catalog_subscription_events order by 1')).toEqual([{ event_short_name: 'b' }, { event_short_name: 'c' }]);
  });

  it('changes nothing when the events are delivered again: the newer list of events stays', async () => {
    await h.given(`subscription-descriptor-${id}`, history);
    const before = await h.rows('select * from catalog_subscription_events order by 2');
    await h.replayAllAgain(subscriptionDescriptorsProjection);
    expect(await h.rows('select * from catalog_subscription_events order by 2')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`subscription-descriptor-${id}`, history);
    await h.runner.rebuild(subscriptionDescriptorsProjection.name);
    expect(await h.runner.verify(subscriptionDescriptorsProjection.name)).toMatchObject({ ok: true });
  });
});
