import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from './client/alfio-api.js';
import { overviewForm, reservationForm } from './client/alfio-forms.js';
import { errorsShownOn, expectStatus } from './support/client-reads.js';
import type { ClientTab } from './support/client-tab.js';
import { codes, givenCatalog } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

/** event-display.component.ts: the code box upper-cases what is typed (fix #1437). */
const typed = (text: string) => text.toUpperCase();

/** booking, overview, confirm and success of a one-ticket order paid on site, the contact and holder typed in. */
async function buyOnSite(tab: ClientTab, id: string) {
  const { form } = await tab.bookingPage(codes.shortName, id);
  Object.assign(form, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
  Object.values(form.tickets).forEach((t) => Object.assign(t, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' }));
  expectStatus('booking submit', (await tab.submitBooking(id, form)).answer, 200);
  const { view, event } = await tab.overviewPage(codes.shortName, id);
  expect(await tab.confirm(id, overviewForm(view, event, { acceptTerms: true, acceptPrivacy: true })), 'reservation guard: route after an on-site order').toBe('success');
  return { overview: view, done: await tab.successPage(codes.shortName, id) };
}

/**
 * Codes on the event page (event-display.component.ts internalApplyPromoCode, selectionChange): a promo code
 * validated, the categories read again with it, the discount on the order; a wrong code on its input; an access
 * code revealing a hidden category, with which dynamic discounts are still asked.
 */
describe('alf.io client: promo and access codes', () => {
  let contract: ContractApp;
  beforeAll(async () => {
    contract = await startContractApp();
    await givenCatalog(contract.app, codes);
  });
  afterAll(() => contract?.close());

  it('a promo code: validate-code, the categories with it, reserve with it, the discount on the overview', async () => {
    const tab = contract.tab();
    const { event, items } = await tab.eventPage(codes.shortName);
    expect(event.promotionsConfiguration.hasAccessPromotions, 'event: promotionsConfiguration.hasAccessPromotions (the code box)').toBe(true);
    expect(items.ticketCategories.map((c) => c.id), 'ticket categories without a code: the hidden one hidden').toEqual([1]);

    const wrong = await tab.applyPromoCode(codes.shortName, typed('nope'));
    expect(errorsShownOn(wrong.answer, { promoCode: typed('nope') }), 'promo code: a wrong code').toEqual(['promoCode:error.STEP_1_CODE_NOT_FOUND']);

    const { answer, items: discounted } = await tab.applyPromoCode(codes.shortName, typed('save10'));
    expectStatus('promo code', answer, 200);
    expect(answer.body.value, 'promo code: value').toEqual({ code: 'SAVE10', type: 'DISCOUNT', discountType: 'PERCENTAGE', discountAmount: '10' });
    expect(discounted.ticketCategories[0], 'ticket categories with the code').toMatchObject({ hasDiscount: true, formattedFinalPrice: '40.00', formattedDiscountedPrice: '36.00' });

    // with a discount code applied the client asks for no dynamic discount; the form carries the code
    const form = reservationForm(discounted, { tickets: { 1: '2' }, promoCode: 'SAVE10' });
    const id = await tab.reserve(codes.shortName, form);
    const { overview, done } = await buyOnSite(tab, id);
    expect(overview.orderSummary.summary.map((r) => r.type), 'overview: orderSummary.summary.type').toEqual(['TICKET', 'PROMOTION_CODE']);
    expect(overview.orderSummary, 'overview: orderSummary').toMatchObject({ totalPrice: '72.00', priceInCents: 7200 });
    expect(done.status, 'success page: status').toBe('COMPLETE');
    expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });

  it('an access code: the hidden category revealed, dynamic discounts still asked, reserved with the code', async () => {
    const tab = contract.tab();
    await tab.eventPage(codes.shortName);
    const { answer, items } = await tab.applyPromoCode(codes.shortName, typed('crew2027'));
    expectStatus('access code', answer, 200);
    expect(answer.body.value, 'access code: value').toMatchObject({ code: 'CREW2027', type: 'ACCESS' });
    // a restricted category comes first (ordinal -1, as alf.io orders it)
    expect(items.ticketCategories.map((c) => [c.id, c.accessRestricted]), 'ticket categories with the access code').toEqual([
      [2, true],
      [1, false],
    ]);

    const form = reservationForm(items, { tickets: { 2: '1' }, promoCode: 'CREW2027' });
    const discount = await api.checkDynamicDiscountAvailability(tab.page, codes.shortName, form);
    expectStatus('dynamic discount with an access code', discount, 204);
    const id = await tab.reserve(codes.shortName, form);
    const { overview } = await buyOnSite(tab, id);
    expect(overview.orderSummary, 'overview: orderSummary of the crew ticket').toMatchObject({ totalPrice: '10.00' });
    expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });
});
