import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { additionalService, catalogEvent } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { additionalServicesProjection } from './additional-services.projection.js';

const e = 'jazz-night';
const history = [
  catalogEvent({ type: 'AdditionalServiceAdded', data: { eventShortName: e, service: additionalService() } }),
  catalogEvent({ type: 'AdditionalServiceAdded', data: { eventShortName: e, service: additionalService({ id: 2, key: 'donation', type: 'DONATION', supplementPolicy: null, fixPrice: false }) } }),
  catalogEvent({ type: 'AdditionalServiceChanged', data: { eventShortName: e, service: additionalService({ price: 700, ordinal: 3 }) } }),
  catalogEvent({ type: 'AdditionalServiceRemoved', data: { eventShortName: e, serviceId: 2, key: 'donation' } }),
];

describe('catalog-additional-services projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('services', [additionalServicesProjection]);
  });
  afterEach(() => h.close());

  it('keeps the services of each event, removed ones marked', async () => {
    await h.given(`event-${e}`, history);
    expect(await h.rows(`select service_id, ordinal, details->>'price' as price, removed, description_html->>'it' as it from catalog_additional_services order by service_id`)).toEqual([
      { service_id: 1, ordinal: 3, price: '700', removed: false, it: '<p>Una macchina</p>\n' },
      { service_id: 2, ordinal: 1, price: '500', removed: true, it: '<p>Una macchina</p>\n' },
    ]);
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given(`event-${e}`, history);
    const before = await h.rows('select * from catalog_additional_services order by service_id');
    await h.replayAllAgain(additionalServicesProjection);
    expect(await h.rows('select * from catalog_additional_services order by service_id')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`event-${e}`, history);
    await h.runner.rebuild(additionalServicesProjection.name);
    expect(await h.runner.verify(additionalServicesProjection.name)).toMatchObject({ ok: true });
  });
});
