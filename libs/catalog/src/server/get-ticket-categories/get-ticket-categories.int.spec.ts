import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetails } from '@ticketing/catalog/contracts';
import { additionalService, catalogEvent, eventDetails, localDaysFrom, organizer, promoCode, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const now = new Date();
const e = 'gala';
const inEvent = <T extends object>(data: T) => ({ eventShortName: e, ...data });

async function publish(app: TestApp, shortName: string, overrides: Partial<EventDetails>, more: Parameters<typeof catalogEvent>[0][] = []) {
  await app.given(`event-${shortName}`, [
    catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), ...overrides }) } }),
    ...more.map((m) => catalogEvent(m)),
  ]);
}

describe('GET /api/v2/public/event/{shortName}/ticket-categories', () => {
  let app: TestApp;
  const get = async (shortName: string, code?: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v2/public/event/${shortName}/ticket-categories${code === undefined ? '' : `?code=${encodeURIComponent(code)}`}` });
    return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : null, headers: response.headers };
  };
  const byName = (list: { name: string }[], name: string) => list.find((c) => c.name === name);

  beforeAll(async () => {
    app = await startTestApp();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await publish(app, e, { contentLanguages: ['en', 'de'], title: { en: 'Gala', de: 'Gala' }, description: { en: 'Gala', de: 'Gala' } }, [
      { type: 'CapacityDefined', data: inEvent({ capacity: { id: 1, key: 'hall', name: 'Hall', size: 100 } }) },
      { type: 'CapacityDefined', data: inEvent({ capacity: { id: 2, key: 'lounge', name: 'Lounge', size: 2 } }) },
      { type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 1, key: 'regular', name: { en: 'Regular', de: 'Normal' }, capacityId: 1, ordinal: 2 }) }) },
      { type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 2, key: 'vip', name: { en: 'VIP', de: 'VIP' }, price: 5000, capacityId: 2, accessRestricted: true, ordinal: 1 }) }) },
      {
        type: 'TicketCategoryAdded',
        data: inEvent({ category: ticketCategory({ id: 3, key: 'early', name: { en: 'Early bird', de: 'Frühbucher' }, price: 800, sale: { start: null, end: localDaysFrom(now, -1, '12:00:00') } }) }),
      },
      {
        type: 'TicketCategoryAdded',
        data: inEvent({ category: ticketCategory({ id: 4, key: 'late', name: { en: 'Late', de: 'Spät' }, price: 1500, ordinal: 3, sale: { start: localDaysFrom(now, 10, '09:00:00'), end: null } }) }),
      },
      { type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 5, key: 'kids', name: { en: 'Kids', de: 'Kinder' }, price: 0, ordinal: 4, maxPerReservation: 2 }) }) },
      { type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService() }) },
      { type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: 2, key: 'gift', type: 'DONATION', supplementPolicy: null, fixPrice: false, price: 0, vatType: 'NONE' }) }) },
      {
        type: 'AdditionalServiceAdded',
        data: inEvent({ service: additionalService({ id: 3, key: 'fee', supplementPolicy: 'MANDATORY_PERCENTAGE_RESERVATION', percentage: 5, price: 0, vatType: 'CUSTOM_EXCLUDED', vatPercentage: 2.5 }) }),
      },
      { type: 'AdditionalServiceAdded', data: inEvent({ service: additionalService({ id: 4, key: 'old', sale: { start: null, end: localDaysFrom(now, -3) } }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'SAVE10' }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'FIVE', discountType: 'FIXED_AMOUNT', discountAmount: 500, categoryIds: [1], maxUsage: 3 }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'VIPCODE', type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [2] }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'KIDS-ONE', discountType: 'FIXED_AMOUNT', discountAmount: 100, categoryIds: [1, 5], maxUsage: 1 }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'MANY', discountAmount: 5, categoryIds: [5], maxUsage: 50 }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'OLD', validTo: localDaysFrom(now, -1) }) }) },
      { type: 'PromoCodeAdded', data: inEvent({ promoCode: promoCode({ code: 'EURO', currency: 'EUR' }) }) },
    ]);
  });
  afterAll(() => app.close());

  it('lists categories on sale or coming by ordinal, expired ones apart, hidden ones left out', async () => {
    const { status, body, headers } = await get(e);
    expect(status).toBe(200);
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(body.ticketCategories.map((c: { id: number }) => c.id)).toEqual([1, 4, 5]);
    expect(body.expiredCategories.map((c: { id: number }) => c.id)).toEqual([3]);
    expect(body.waitingList).toBe(false);
    expect(body.preSales).toBe(false);
    expect(body.ticketCategoriesForWaitingList).toEqual([
      { id: 4, name: 'Late' },
      { id: 5, name: 'Kids' },
    ]);
  });

  it('describes each category in the reference shape', async () => {
    const { body } = await get(e);
    expect(byName(body.ticketCategories, 'Regular')).toEqual({
      id: 1,
      name: 'Regular',
      localizedName: { en: 'Regular', de: 'Normal' },
      description: { en: '<p>A seat</p>\n', it: '<p>Un posto</p>\n' },
      ticketAccessType: 'INHERIT',
      bounded: true,
      maximumSaleableTickets: 5,
      free: false,
      formattedFinalPrice: '10.00',
      hasDiscount: false,
      formattedDiscountedPrice: '',
      ordinal: 2,
      expired: false,
      saleInFuture: false,
      containsPendingTickets: false,
      formattedInception: {},
      formattedExpiration: { en: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} 23:00$/), de: expect.stringMatching(/23:00$/) },
      saleableAndLimitNotReached: true,
      accessRestricted: false,
      soldOutOrLimitReached: false,
      availableTickets: null,
      displayTaxInformation: true,
    });
    const late = byName(body.ticketCategories, 'Late');
    expect(late).toMatchObject({ saleInFuture: true, saleableAndLimitNotReached: false, bounded: false, formattedInception: { en: expect.stringMatching(/ 09:00$/) } });
    expect(byName(body.ticketCategories, 'Kids')).toMatchObject({ free: true, formattedFinalPrice: '0.00', maximumSaleableTickets: 2, displayTaxInformation: false });
    expect(byName(body.expiredCategories, 'Early bird')).toMatchObject({ expired: true, formattedFinalPrice: '8.00' });
  });

  it('shows a hidden category only with a valid access code, at most what is left of its capacity', async () => {
    const { body } = await get(e, 'VIPCODE');
    const vip = byName(body.ticketCategories, 'VIP');
    expect(vip).toMatchObject({ id: 2, accessRestricted: true, ordinal: -1, maximumSaleableTickets: 2, formattedFinalPrice: '50.00', hasDiscount: false });
    expect(body.ticketCategories[0].id).toBe(2);
    expect(byName((await get(e, 'vipcode')).body.ticketCategories, 'VIP')).toBeUndefined();
    expect(byName((await get(e, 'SAVE10')).body.ticketCategories, 'VIP')).toBeUndefined();
  });

  it('shows discounted prices with a discount code, on the categories it names', async () => {
    const save10 = (await get(e, 'SAVE10')).body;
    expect(byName(save10.ticketCategories, 'Regular')).toMatchObject({ hasDiscount: true, formattedFinalPrice: '10.00', formattedDiscountedPrice: '9.00', maximumSaleableTickets: 5 });
    expect(byName(save10.ticketCategories, 'Late')).toMatchObject({ hasDiscount: true, formattedDiscountedPrice: '13.50' });
    expect(byName(save10.ticketCategories, 'Kids')).toMatchObject({ hasDiscount: false, formattedDiscountedPrice: '' });

    const five = (await get(e, 'FIVE')).body;
    expect(byName(five.ticketCategories, 'Regular')).toMatchObject({ hasDiscount: true, formattedDiscountedPrice: '5.00', maximumSaleableTickets: 3 });
    expect(byName(five.ticketCategories, 'Late')).toMatchObject({ hasDiscount: false, maximumSaleableTickets: 5 });
  });

  it('caps the maximum at the uses a code has left, never above the category maximum', async () => {
    const one = (await get(e, 'KIDS-ONE')).body;
    expect(byName(one.ticketCategories, 'Regular')).toMatchObject({ maximumSaleableTickets: 1 });
    expect(byName(one.ticketCategories, 'Kids')).toMatchObject({ maximumSaleableTickets: 1, hasDiscount: false });
    expect(byName(one.ticketCategories, 'Late')).toMatchObject({ maximumSaleableTickets: 5 });
    expect(byName((await get(e, 'MANY')).body.ticketCategories, 'Kids')).toMatchObject({ maximumSaleableTickets: 2 });
  });

  it('ignores codes that are unknown, expired or in another currency', async () => {
    const plain = (await get(e)).body;
    for (const code of ['NOPE', 'OLD', 'EURO', '']) expect((await get(e, code)).body).toEqual(plain);
  });

  it('lists supplements and donations on sale, with their prices and VAT', async () => {
    const { body } = await get(e);
    expect(body.additionalServices.map((s: { id: number }) => s.id)).toEqual([1, 2, 3]);
    expect(body.additionalServices[0]).toEqual({
      id: 1,
      type: 'SUPPLEMENT',
      supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET',
      fixPrice: true,
      availableQuantity: 999,
      maxQtyPerOrder: 1,
      free: false,
      formattedFinalPrice: '5.00',
      hasDiscount: false,
      formattedDiscountedPrice: '',
      vatApplies: true,
      vatIncluded: true,
      vatPercentage: '7.70',
      expired: false,
      saleInFuture: false,
      formattedInception: {},
      formattedExpiration: { en: expect.any(String), de: expect.any(String) },
      title: { en: 'Parking', it: 'Parcheggio' },
      description: { en: '<p>One car</p>\n', it: '<p>Una macchina</p>\n' },
    });
    expect(body.additionalServices[1]).toMatchObject({ type: 'DONATION', fixPrice: false, vatApplies: false, vatIncluded: false, vatPercentage: '0.00' });
    expect(body.additionalServices[2]).toMatchObject({ formattedFinalPrice: '5', vatIncluded: false, vatPercentage: '2.50', free: false });
    const discounted = (await get(e, 'SAVE10')).body.additionalServices;
    expect(discounted[0]).toMatchObject({ hasDiscount: true, formattedDiscountedPrice: '4.50' });
    expect(discounted[1]).toMatchObject({ hasDiscount: false });
  });

  it('flags the waiting list when everything is sold out, pre-sales before any sale starts', async () => {
    await publish(app, 'full', { waitingListEnabled: true, displayTicketsLeft: true }, [
      { type: 'CapacityDefined', data: { eventShortName: 'full', capacity: { id: 1, key: 'hall', name: null, size: 0 } } },
      { type: 'TicketCategoryAdded', data: { eventShortName: 'full', category: ticketCategory({ capacityId: 1 }) } },
    ]);
    const full = (await get('full')).body;
    expect(full).toMatchObject({ waitingList: true, preSales: false });
    expect(full.ticketCategories[0]).toMatchObject({ soldOutOrLimitReached: true, saleableAndLimitNotReached: false, maximumSaleableTickets: 0, availableTickets: 0 });

    // before the sale, an event taking pre-registrations opens its list as alf.io does (EventUtil.displayWaitingQueueForm:
    // ENABLE_PRE_REGISTRATION in pre-sales): waitingList true, so alf.io's client shows the form, with the pre-sales texts
    await publish(app, 'soon', { preRegistrationEnabled: true, waitingListEnabled: true }, [
      { type: 'TicketCategoryAdded', data: { eventShortName: 'soon', category: ticketCategory({ sale: { start: localDaysFrom(now, 3), end: null } }) } },
    ]);
    expect((await get('soon')).body).toMatchObject({ waitingList: true, preSales: true });
    // a waiting list for sold-out seats takes no pre-registrations: nothing to sign up for before the sale
    await publish(app, 'later-list', { waitingListEnabled: true }, [
      { type: 'TicketCategoryAdded', data: { eventShortName: 'later-list', category: ticketCategory({ sale: { start: localDaysFrom(now, 3), end: null } }) } },
    ]);
    expect((await get('later-list')).body).toMatchObject({ waitingList: false, preSales: false });
  });

  it('shows a catalog change on the next read (cached views follow the read tables)', async () => {
    await app.given('event-later', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'later', start: localDaysFrom(now, 9), end: localDaysFrom(now, 9, '23:00:00') }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'later', category: ticketCategory() } }),
    ]);
    expect((await get('later')).body.ticketCategories[0].formattedFinalPrice).toBe('10.00');
    await app.given('event-later', [catalogEvent({ type: 'TicketCategoryChanged', data: { eventShortName: 'later', category: ticketCategory({ price: 1250 }) } })]);
    expect((await get('later')).body.ticketCategories[0].formattedFinalPrice).toBe('12.50');
    await app.given('event-later', [catalogEvent({ type: 'EventDetailsChanged', data: { event: eventDetails({ shortName: 'later', status: 'DISABLED' }) } })]);
    expect((await get('later')).status).toBe(404);
  });

  it('answers 404 for an unknown event and 422 for a malformed code', async () => {
    expect((await get('nope')).status).toBe(404);
    expect((await get(e, 'a\u0001b')).status).toBe(422);
  });
});
