import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails, localDaysFrom, promoCode, ticketCategory } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

const now = new Date();
const e = 'jazz-night';
const code = (overrides: Parameters<typeof promoCode>[0]) => catalogEvent({ type: 'PromoCodeAdded', data: { eventShortName: e, promoCode: promoCode(overrides) } });

describe('codes: validate-code and check-discount', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await app.given(`event-${e}`, [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ start: localDaysFrom(now, 20), end: localDaysFrom(now, 21) }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: e, category: ticketCategory() } }),
      code({ code: 'SAVE10' }),
      code({ code: 'FIVE', discountType: 'FIXED_AMOUNT', discountAmount: 500 }),
      code({ code: 'ORDER5', discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: 550 }),
      code({ code: 'VIP', type: 'ACCESS', discountType: 'NONE', discountAmount: 0, categoryIds: [1] }),
      code({ code: 'LATER', validFrom: localDaysFrom(now, 2) }),
      code({ code: 'OLD', validTo: localDaysFrom(now, -2) }),
      code({ code: 'EURO', currency: 'EUR' }),
      code({ code: 'NONE-LEFT', maxUsage: 0 }),
    ]);
  });
  afterAll(() => app.close());

  const validate = (shortName: string, value: string) =>
    app.inject({ method: 'GET', url: `/api/v2/public/event/${shortName}/validate-code?code=${encodeURIComponent(value)}` });

  it('answers what a usable code gives, in a ValidatedResponse', async () => {
    const expectations = {
      SAVE10: { type: 'DISCOUNT', discountType: 'PERCENTAGE', discountAmount: '10' },
      FIVE: { type: 'DISCOUNT', discountType: 'FIXED_AMOUNT', discountAmount: '5.00' },
      ORDER5: { type: 'DISCOUNT', discountType: 'FIXED_AMOUNT_RESERVATION', discountAmount: '5.50' },
      VIP: { type: 'ACCESS', discountType: 'NONE', discountAmount: null },
    };
    for (const [text, value] of Object.entries(expectations)) {
      const response = await validate(e, text);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, errorCount: 0, validationErrors: [], value: { code: text, ...value }, warnings: [] });
    }
  });

  it('refuses unknown, not yet valid, expired, foreign-currency and used-up codes with error.STEP_1_CODE_NOT_FOUND', async () => {
    for (const text of ['NOPE', 'save10', 'LATER', 'OLD', 'EURO', 'NONE-LEFT']) {
      const response = await validate(e, text);
      expect(response.statusCode, text).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        errorCount: 1,
        validationErrors: [{ fieldName: 'promoCode', code: 'error.STEP_1_CODE_NOT_FOUND', arguments: null }],
        value: { code: text, type: null, discountType: null, discountAmount: null },
        warnings: [],
      });
    }
  });

  it('names the event when the event is unknown, and wants a code', async () => {
    const unknown = await validate('nope', 'SAVE10');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().validationErrors).toEqual([{ fieldName: 'eventName', code: null, arguments: null }]);
    const missing = await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}/validate-code` });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validationErrors).toEqual([{ fieldName: 'code', code: 'error.emptyField', arguments: null }]);
  });

  it('check-discount answers 204: the catalog has no automatic discounts', async () => {
    const headers = await app.session();
    for (const shortName of [e, 'nope']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v2/public/event/${shortName}/check-discount`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: { reservation: [{ ticketCategoryId: 1, amount: 2 }], promoCode: null, additionalService: [] },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
  });

  it('check-discount reads the form alf.io\'s Angular client sends: quantities as text', async () => {
    // alf.io-public-frontend src/app/event-display/event-display.component.ts, selectionChange: the whole
    // reservation form, its quantities read off a <select> bound with [value] (ticket-quantity-selector.html)
    const headers = await app.session();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v2/public/event/${e}/check-discount`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { reservation: [{ ticketCategoryId: 1, amount: '2' }], additionalService: [], captcha: null, promoCode: null },
    });
    expect([response.statusCode, response.body]).toEqual([204, '']);
  });

  it('check-discount answers 422 to a malformed form and 403 without the anti-forgery token', async () => {
    const headers = await app.session();
    const malformed = await app.inject({
      method: 'POST',
      url: `/api/v2/public/event/${e}/check-discount`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { reservation: [{ ticketCategoryId: 'one', amount: -1 }] },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().validationErrors.map((v: { fieldName: string }) => v.fieldName).sort()).toEqual(['reservation[0].amount', 'reservation[0].ticketCategoryId']);
    const forged = await app.inject({ method: 'POST', url: `/api/v2/public/event/${e}/check-discount`, payload: { reservation: [] } });
    expect(forged.statusCode).toBe(403);
  });
});
