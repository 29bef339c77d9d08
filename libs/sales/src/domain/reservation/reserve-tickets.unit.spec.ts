import { describe, expect, it } from 'vitest';
import { RuleViolations } from '@ticketing/kernel';
import type { OfferedCategory, PurchaseOffer } from '@ticketing/catalog/contracts';
import { additionalService, eventDetails, invoicingTerms, promoCode, ticketCategory } from '@ticketing/testing/catalog-events';
import { decideHolds } from '../inventory/hold-seats.js';
import { evolveInventory, initialInventoryState } from '../inventory/inventory.js';
import { decideReserveTickets, refusedAfterSoldOutCheck, soldOutCategories, type ReserveTickets } from './reserve-tickets.js';

const now = new Date('2027-03-01T10:00:00.000Z');
const category = (overrides: Partial<OfferedCategory> & { id: number; price?: number; capacityId?: number | null; accessRestricted?: boolean }): OfferedCategory => ({
  category: ticketCategory({ id: overrides.id, key: `c${overrides.id}`, price: overrides.price ?? 1000, capacityId: overrides.capacityId ?? 1, accessRestricted: overrides.accessRestricted ?? false }),
  onSale: overrides.onSale ?? true,
  accessible: overrides.accessible ?? true,
  maxPerReservation: overrides.maxPerReservation ?? 4,
});

const offer = (overrides: Partial<PurchaseOffer> = {}): PurchaseOffer => ({
  event: eventDetails({ shortName: 'gala', currency: 'CHF', vatPercentage: 7.7, vatIncluded: true, allowedPaymentProxies: ['OFFLINE'], reservationValidityMinutes: 25 }),
  organizer: null,
  totalSeats: null,
  capacities: [{ id: 1, key: 'hall', name: null, size: 100 }],
  categories: [category({ id: 1 }), category({ id: 2, onSale: false }), category({ id: 3, accessRestricted: true, accessible: false })],
  services: [
    { service: additionalService({ id: 1, price: 500 }), onSale: true },
    { service: additionalService({ id: 2, key: 'fee', supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 200 }), onSale: true },
    { service: additionalService({ id: 3, key: 'gift', type: 'DONATION', supplementPolicy: null, fixPrice: false, price: 0, minPrice: 100, maxPrice: 10_000 }), onSale: true },
  ],
  code: null,
  attendeeFields: [],
  invoicing: invoicingTerms(),
  ...overrides,
});

const command = (overrides: Partial<ReserveTickets> = {}): ReserveTickets => ({
  reservationId: 'r-1',
  ticketIds: ['t-1', 't-2', 't-3', 't-4'],
  eventShortName: 'gala',
  language: 'en',
  selection: [{ categoryId: 1, quantity: 2, metadata: [] }],
  services: [],
  promoCode: null,
  captchaPassed: null,
  ownerUserId: null,
  now,
  ...overrides,
});

function refusal(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolations) return error.violations.map((v) => v.code);
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decideReserveTickets', () => {
  it('holds a mandatory supplement whatever its quantity (it follows the tickets), an optional one up to its quantity', () => {
    const services = [
      { service: additionalService({ id: 1, price: 500, availableQuantity: 2 }), onSale: true },
      { service: additionalService({ id: 2, key: 'fee', supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 200, availableQuantity: 2 }), onSale: true },
    ];
    const first = decideReserveTickets(command({ reservationId: 'r-1', services: [{ serviceId: 1, quantity: 2, amount: null }] }), offer({ services }));
    let state = initialInventoryState();
    for (const event of decideHolds(state, [first.hold]).eventsByRequest.flat()) state = evolveInventory(state, event);
    // both fees and both T-shirts are taken: two more tickets still sell, with their fees, but no T-shirt
    const second = decideReserveTickets(command({ reservationId: 'r-2' }), offer({ services }));
    expect(decideHolds(state, [second.hold]).outcomes).toEqual([{ held: true }]);
    const shirt = decideReserveTickets(command({ reservationId: 'r-3', services: [{ serviceId: 1, quantity: 1, amount: null }] }), offer({ services }));
    expect(decideHolds(state, [shirt.hold]).outcomes).toEqual([{ held: false, code: 'error.STEP_1_NOT_ENOUGH_TICKETS' }]);
  });

  it('plans tickets, mandatory supplements, prices, validity and the hold', () => {
    const plan = decideReserveTickets(command({ services: [{ serviceId: 1, quantity: 1, amount: null }] }), offer());
    const data = plan.opened.data;
    expect(data.tickets.map((t) => [t.ticketId, t.categoryId])).toEqual([
      ['t-1', 1],
      ['t-2', 1],
    ]);
    expect(data.additionalServices).toEqual([
      { serviceId: 2, quantity: 2, amount: null, mandatory: true },
      { serviceId: 1, quantity: 1, amount: null, mandatory: false },
    ]);
    // 2 x 10.00 + 2 x 2.00 (mandatory) + 5.00 = 29.00, VAT included
    expect(data.price.totals.priceWithVat).toBe(2900);
    expect(data.validUntil).toBe('2027-03-01T10:25:00.000Z');
    expect(plan.hold).toMatchObject({
      reservationId: 'r-1',
      tickets: [{ categoryId: 1, quantity: 2 }],
      services: [
        { serviceId: 2, quantity: 2 },
        { serviceId: 1, quantity: 1 },
      ],
      codeUse: null,
      expiresAt: data.validUntil,
    });
  });

  it('checks in the reference order and stops where it says so', () => {
    expect(refusal(() => decideReserveTickets(command({ selection: [] }), offer()))).toEqual(['error.STEP_1_SELECT_AT_LEAST_ONE']);
    expect(refusal(() => decideReserveTickets(command({ promoCode: 'NOPE', captchaPassed: false, selection: [] }), offer({ code: { text: 'NOPE', found: null, usable: false } })))).toEqual([
      'error.STEP_1_CODE_NOT_FOUND',
      'error.STEP_2_CAPTCHA_VALIDATION_FAILED',
      'error.STEP_1_SELECT_AT_LEAST_ONE',
    ]);
    expect(refusal(() => decideReserveTickets(command({ selection: [{ categoryId: 1, quantity: 5, metadata: [] }] }), offer()))).toEqual(['error.STEP_1_OVER_MAXIMUM']);
    // a category sent on several lines counts once against its maximum
    const split = command({ selection: [1, 2, 3].map(() => ({ categoryId: 1, quantity: 2, metadata: [] })) });
    expect(refusal(() => decideReserveTickets(split, offer()))).toEqual(['error.STEP_1_OVER_MAXIMUM']);
    expect(refusal(() => decideReserveTickets(command({ selection: [{ categoryId: 9, quantity: 1, metadata: [] }] }), offer()))).toEqual([
      'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE',
    ]);
    // a category off sale ends it before creation is attempted: no access error on top
    expect(refusal(() => decideReserveTickets(command({ selection: [{ categoryId: 2, quantity: 1, metadata: [] }, { categoryId: 3, quantity: 1, metadata: [] }] }), offer()))).toEqual([
      'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE',
    ]);
    expect(refusal(() => decideReserveTickets(command({ selection: [{ categoryId: 3, quantity: 1, metadata: [] }] }), offer()))).toEqual(['error.STEP_1_ACCESS_RESTRICTED']);
    const badCode = command({ promoCode: 'OLD', selection: [{ categoryId: 3, quantity: 1, metadata: [] }] });
    expect(refusal(() => decideReserveTickets(badCode, offer({ code: { text: 'OLD', found: null, usable: false } })))).toEqual(['error.STEP_1_CODE_NOT_FOUND']);
  });

  it('refuses a category known sold out at step 6: beside a bad code or captcha, and instead of a later step', () => {
    const soldOut = { soldOutCategoryIds: [1, 3] };
    const badCode = { promoCode: 'NOPE', captchaPassed: false };
    const unknownCode = offer({ code: { text: 'NOPE', found: null, usable: false } });
    expect(refusal(() => decideReserveTickets(command({ ...badCode, ...soldOut }), unknownCode))).toEqual([
      'error.STEP_1_CODE_NOT_FOUND',
      'error.STEP_2_CAPTCHA_VALIDATION_FAILED',
      'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE',
    ]);
    expect(refusal(() => decideReserveTickets(command({ ...badCode, soldOutCategoryIds: [3] }), unknownCode))).toEqual(['error.STEP_1_CODE_NOT_FOUND', 'error.STEP_2_CAPTCHA_VALIDATION_FAILED']);
    // access (step 7) and payment (step 7) come after it
    expect(refusal(() => decideReserveTickets(command({ selection: [{ categoryId: 3, quantity: 1, metadata: [] }], ...soldOut }), offer()))).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    const noPayment = offer({ event: eventDetails({ shortName: 'gala', currency: 'CHF', allowedPaymentProxies: [] }) });
    expect(refusal(() => decideReserveTickets(command(soldOut), noPayment))).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    expect(refusal(() => decideReserveTickets(command(), noPayment))).toEqual(['error.STEP_1_CATEGORIES_NOT_COMPATIBLE']);
    expect(refusedAfterSoldOutCheck([{ code: 'error.STEP_1_CATEGORIES_NOT_COMPATIBLE', field: 'reservationForm', args: [] }])).toBe(true);
    expect(refusedAfterSoldOutCheck([{ code: 'error.STEP_1_OVER_MAXIMUM', field: 'reservationForm', args: [4] }])).toBe(false);
  });

  it('finds the categories with no seat left: their capacity all taken, or the event total reached', () => {
    const unbounded: OfferedCategory = { ...category({ id: 5 }), category: ticketCategory({ id: 5, key: 'c5', price: 1000, capacityId: null }) };
    const shared = offer({
      capacities: [
        { id: 1, key: 'hall', name: null, size: 10 },
        { id: 2, key: 'foyer', name: null, size: 5 },
      ],
      categories: [category({ id: 1 }), category({ id: 2 }), category({ id: 4, capacityId: 2 }), unbounded],
    });
    expect(soldOutCategories(shared, new Map([[1, 9]]))).toEqual([]);
    expect(soldOutCategories(shared, new Map([[1, 6], [2, 4]]))).toEqual([1, 2]);
    expect(soldOutCategories(shared, new Map([[4, 5]]))).toEqual([4]);
    expect(soldOutCategories({ ...shared, totalSeats: 12 }, new Map([[1, 7], [4, 5]]))).toEqual([1, 2, 4, 5]);
  });

  it('holds supplements to their policy and donations to their bounds', () => {
    const split = command({ services: [{ serviceId: 1, quantity: 2, amount: null }, { serviceId: 1, quantity: 1, amount: null }] });
    expect(refusal(() => decideReserveTickets(split, offer()))).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    const tooMany = command({ services: [{ serviceId: 1, quantity: 3, amount: null }] });
    expect(refusal(() => decideReserveTickets(tooMany, offer()))).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    const noAmount = command({ services: [{ serviceId: 3, quantity: 1, amount: null }] });
    expect(refusal(() => decideReserveTickets(noAmount, offer()))).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    const belowMin = command({ services: [{ serviceId: 3, quantity: 1, amount: 50 }] });
    expect(refusal(() => decideReserveTickets(belowMin, offer()))).toEqual(['error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE']);
    const donation = decideReserveTickets(command({ services: [{ serviceId: 3, quantity: 1, amount: 1250 }] }), offer());
    expect(donation.opened.data.price.totals.priceWithVat).toBe(2000 + 400 + 1250);
    // a mandatory supplement sent by the buyer is ignored, not refused
    const mandatory = decideReserveTickets(command({ services: [{ serviceId: 2, quantity: 9, amount: null }] }), offer());
    expect(mandatory.hold.services).toEqual([{ serviceId: 2, quantity: 2 }]);
  });

  it('applies a usable discount code, counts its uses when limited, and opens restricted categories with an access code', () => {
    const code = promoCode({ code: 'SAVE10', maxUsage: 10, categoryIds: [1] });
    const plan = decideReserveTickets(command({ promoCode: 'SAVE10' }), offer({ code: { text: 'SAVE10', found: code, usable: true } }));
    expect(plan.opened.data.promoCode).toBe('SAVE10');
    expect(plan.hold.codeUse).toEqual({ code: 'SAVE10', uses: 2 });
    expect(plan.hold.limits.codeMaxUsage).toBe(10);
    // a percentage code lowers fixed-price supplements too (reference 6): 2 x 9.00 + 2 x 1.80
    expect(plan.opened.data.price.totals.priceWithVat).toBe(2 * 900 + 2 * 180);

    const access = promoCode({ code: 'VIP', type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [3] });
    const opened = offer({ code: { text: 'VIP', found: access, usable: true }, categories: [category({ id: 3, accessRestricted: true, accessible: true })] });
    const vip = decideReserveTickets(command({ promoCode: 'VIP', selection: [{ categoryId: 3, quantity: 1, metadata: [] }] }), opened);
    expect(vip.opened.data.promoCode).toBe('VIP');
    expect(vip.opened.data.price.totals.priceWithVat).toBe(1000 + 200);
  });

  it('refuses a paid reservation the event has no payment method for', () => {
    const event = { ...offer().event, allowedPaymentProxies: [] };
    expect(refusal(() => decideReserveTickets(command(), offer({ event })))).toEqual(['error.STEP_1_CATEGORIES_NOT_COMPATIBLE']);
    const free = offer({ event, categories: [category({ id: 1, price: 0 })], services: [] });
    expect(decideReserveTickets(command(), free).opened.data.price.requiresPayment).toBe(false);
  });

  describe('given two tickets, four T-shirts, one parking, a fee per ticket and a donation', () => {
    const withSupplements = offer({
      services: [
        { service: additionalService({ id: 1, key: 'shirt', price: 3500, maxQtyPerOrder: 2 }), onSale: true },
        { service: additionalService({ id: 2, key: 'fee', supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 400 }), onSale: true },
        { service: additionalService({ id: 4, key: 'parking', supplementPolicy: 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION', price: 3000 }), onSale: true },
        { service: additionalService({ id: 3, key: 'gift', type: 'DONATION', supplementPolicy: null, fixPrice: false, price: 0 }), onSale: true },
      ],
    });
    const services = [
      { serviceId: 1, quantity: 4, amount: null },
      { serviceId: 4, quantity: 1, amount: null },
      { serviceId: 3, quantity: 1, amount: 500 },
    ];

    it('when the reservation is opened, then every item goes with a ticket: each supplement in turn from the first ticket', () => {
      const { price, itemLinks } = decideReserveTickets(command({ services }), withSupplements).opened.data;
      expect(price.items.map((item, i) => [i + 1, item.serviceId])).toEqual([
        [1, 2],
        [2, 2],
        [3, 1],
        [4, 1],
        [5, 1],
        [6, 1],
        [7, 4],
        [8, 3],
      ]);
      expect(itemLinks).toEqual([
        { itemId: 1, ticketId: 't-1' },
        { itemId: 2, ticketId: 't-2' },
        { itemId: 3, ticketId: 't-1' },
        { itemId: 4, ticketId: 't-2' },
        { itemId: 5, ticketId: 't-1' },
        { itemId: 6, ticketId: 't-2' },
        { itemId: 7, ticketId: 't-1' },
        { itemId: 8, ticketId: 't-1' },
      ]);
    });

    it('when no supplement is booked, then nothing is linked', () => {
      expect(decideReserveTickets(command(), offer({ services: [] })).opened.data.itemLinks).toEqual([]);
    });
  });
});
