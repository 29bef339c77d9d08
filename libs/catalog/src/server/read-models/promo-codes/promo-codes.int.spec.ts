import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent, promoCode } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { promoCodesProjection } from './promo-codes.projection.js';

const e = 'jazz-night';
const history = [
  catalogEvent({ type: 'PromoCodeAdded', data: { eventShortName: e, promoCode: promoCode() } }),
  catalogEvent({ type: 'PromoCodeAdded', data: { eventShortName: e, promoCode: promoCode({ code: 'VIP', type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [2] }) } }),
  catalogEvent({ type: 'PromoCodeChanged', data: { eventShortName: e, promoCode: promoCode({ discountAmount: 15, maxUsage: 3 }) } }),
  catalogEvent({ type: 'PromoCodeRemoved', data: { eventShortName: e, code: 'VIP' } }),
];

describe('catalog-promo-codes projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('promo_codes', [promoCodesProjection]);
  });
  afterEach(() => h.close());

  it('keeps the codes of each event by their exact text, removed ones marked', async () => {
    await h.given(`event-${e}`, history);
    await h.given('event-other', [catalogEvent({ type: 'PromoCodeAdded', data: { eventShortName: 'other', promoCode: promoCode({ code: 'save10' }) } })]);
    expect(await h.rows('select short_name, code, type, removed, details from catalog_promo_codes order by short_name, code')).toEqual([
      { short_name: e, code: 'SAVE10', type: 'DISCOUNT', removed: false, details: promoCode({ discountAmount: 15, maxUsage: 3 }) },
      expect.objectContaining({ short_name: e, code: 'VIP', type: 'ACCESS', removed: true }),
      expect.objectContaining({ short_name: 'other', code: 'save10', removed: false }),
    ]);
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given(`event-${e}`, history);
    const before = await h.rows('select * from catalog_promo_codes order by code');
    await h.replayAllAgain(promoCodesProjection);
    expect(await h.rows('select * from catalog_promo_codes order by code')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`event-${e}`, history);
    await h.runner.rebuild(promoCodesProjection.name);
    expect(await h.runner.verify(promoCodesProjection.name)).toMatchObject({ ok: true });
  });
});
