import { bundles } from '@ticketing/i18n';
import { describe, expect, it } from 'vitest';
import { makeReservation } from '../checkout-fixtures';
import { canConfirm, pageAfterConfirm, paymentFormOf } from './overview-rules';
import { offeredPaymentMethods, paymentFlowOf, paymentMethodDescription, VERTICAL_LAYOUT_ABOVE } from './payment-methods';

const method = (paymentProxy: string, parameters: Record<string, unknown> = {}) => ({ paymentProxy, parameters }) as never;

describe('payment methods (spec 9)', () => {
  it('lists the active methods in the display order, whatever order the server sent them in', () => {
    const info = makeReservation({ activePaymentMethods: { ON_SITE: method('ON_SITE'), BANK_TRANSFER: method('OFFLINE', { delayForOfflinePayment: 3 }), PAYPAL: method('PAYPAL') } });
    expect(offeredPaymentMethods(info).map((m) => [m.method, m.proxy])).toEqual([
      ['PAYPAL', 'PAYPAL'],
      ['BANK_TRANSFER', 'OFFLINE'],
      ['ON_SITE', 'ON_SITE'],
    ]);
    expect(offeredPaymentMethods(info)[1]!.offlineDelayDays).toBe(3);
    expect(VERTICAL_LAYOUT_ABOVE).toBe(3);
  });

  it('lists card and redirect methods in the order of spec 9, whatever order they came in', () => {
    const mollie = method('MOLLIE', { testMode: true });
    const info = makeReservation({
      activePaymentMethods: {
        KBC: mollie,
        ON_SITE: method('ON_SITE'),
        APPLE_PAY: mollie,
        BANK_TRANSFER: method('OFFLINE', { delayForOfflinePayment: 3 }),
        PRZELEWY_24: mollie,
        BELFIUS: mollie,
        ING_HOME_PAY: mollie,
        BANCONTACT: mollie,
        IDEAL: mollie,
        PAYPAL: method('PAYPAL'),
        CREDIT_CARD: method('STRIPE', { stripe_p_key: 'pk_test_x', testMode: true }),
      },
    });
    expect(offeredPaymentMethods(info).map((m) => m.method)).toEqual([
      'CREDIT_CARD', 'PAYPAL', 'IDEAL', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS', 'PRZELEWY_24', 'BANK_TRANSFER', 'ON_SITE', 'APPLE_PAY', 'KBC',
    ]);
    expect(offeredPaymentMethods(info)[0]!.parameters).toEqual({ stripe_p_key: 'pk_test_x', testMode: true });
  });

  it('pays a Stripe card through the card form, Mollie, PayPal and Saferpay on their pages, the rest by confirming', () => {
    expect(paymentFlowOf({ proxy: 'STRIPE' })).toBe('card');
    expect(['MOLLIE', 'PAYPAL', 'SAFERPAY'].map((proxy) => paymentFlowOf({ proxy }))).toEqual(['redirect', 'redirect', 'redirect']);
    expect(['OFFLINE', 'ON_SITE'].map((proxy) => paymentFlowOf({ proxy }))).toEqual(['confirm', 'confirm']);
    expect(paymentFlowOf(undefined)).toBe('confirm');
  });

  it("describes a method by its provider: a card through Stripe, Mollie's and Saferpay's pages", () => {
    const describe = (proxy: string, m = 'CREDIT_CARD') => paymentMethodDescription({ method: m as never, proxy, labelKey: '', parameters: {} })?.key;
    expect(describe('STRIPE')).toBe('reservation-page.credit-card.description');
    expect(describe('SAFERPAY')).toBe('reservation-page.payment.saferpay.description');
    expect(describe('MOLLIE', 'IDEAL')).toBe('reservation-page.payment.mollie.description');
    expect(describe('PAYPAL', 'PAYPAL')).toBe('reservation-page.paypal.description');
  });

  it('says the days a bank transfer has, one day in the singular', () => {
    const offline = (offlineDelayDays: number) => paymentMethodDescription({ method: 'BANK_TRANSFER' as never, proxy: 'OFFLINE', labelKey: '', parameters: {}, offlineDelayDays });
    expect(offline(3)).toEqual({ key: 'reservation-page.offline.description', args: [3] });
    expect(offline(1)).toEqual({ key: 'storefront.reservation-page.offline.description.one', args: [] });
  });

  it("speaks of a pass's order as a pass (and its PIN), not as tickets", () => {
    const card = paymentMethodDescription({ method: 'CREDIT_CARD' as never, proxy: 'STRIPE', labelKey: '', parameters: {} }, true);
    expect(card).toEqual({ key: 'storefront.reservation-page.credit-card.description.pass', args: [] });
    const offline = (offlineDelayDays: number) => paymentMethodDescription({ method: 'BANK_TRANSFER' as never, proxy: 'OFFLINE', labelKey: '', parameters: {}, offlineDelayDays }, true);
    expect(offline(3)).toEqual({ key: 'storefront.reservation-page.offline.description.pass', args: [3] });
    expect(offline(1)).toEqual({ key: 'storefront.reservation-page.offline.description.pass.one', args: [] });
    for (const lang of ['en', 'de', 'it', 'fr'] as const) {
      for (const key of ['storefront.reservation-page.credit-card.description.pass', 'storefront.reservation-page.offline.description.pass', 'storefront.reservation-page.offline.description.pass.one']) {
        expect(bundles[lang][key as keyof (typeof bundles)['en']], `${lang} ${key}`).toBeTruthy();
      }
    }
    expect(bundles.en['storefront.reservation-page.offline.description.pass' as keyof (typeof bundles)['en']]).not.toMatch(/ticket/i);
  });

  it('keeps only the method of a held payment token (spec 4)', () => {
    const info = makeReservation({ tokenAcquired: true, paymentProxy: 'ON_SITE' });
    expect(offeredPaymentMethods(info).map((m) => m.method)).toEqual(['ON_SITE']);
    const card = makeReservation({
      tokenAcquired: true,
      paymentProxy: 'STRIPE',
      activePaymentMethods: { CREDIT_CARD: method('STRIPE'), IDEAL: method('MOLLIE'), BANK_TRANSFER: method('OFFLINE') },
    });
    expect(offeredPaymentMethods(card).map((m) => m.method)).toEqual(['CREDIT_CARD']);
  });

  it('leaves out organizer-defined methods, which this server does not take', () => {
    const info = makeReservation({ activePaymentMethods: { '3f1c1a53-1c4e-4e8b-9a39-5a2f5f0b7e11': method('CUSTOM_OFFLINE') } });
    expect(offeredPaymentMethods(info)).toEqual([]);
  });
});

describe('confirm rules (spec 5)', () => {
  const ready = { method: 'BANK_TRANSFER' as const, termsAccepted: true, privacyAccepted: true };
  const context = { expired: false, free: false, privacyRequired: true };

  it('needs time left, a method for a paid order, the terms and the privacy policy when there is one', () => {
    expect(canConfirm(ready, context)).toBe(true);
    expect(canConfirm(ready, { ...context, expired: true })).toBe(false);
    expect(canConfirm({ ...ready, method: null }, context)).toBe(false);
    expect(canConfirm({ ...ready, method: null }, { ...context, free: true })).toBe(true);
    expect(canConfirm({ ...ready, termsAccepted: false }, context)).toBe(false);
    expect(canConfirm({ ...ready, privacyAccepted: false }, context)).toBe(false);
    expect(canConfirm({ ...ready, privacyAccepted: false }, { ...context, privacyRequired: false })).toBe(true);
    // a card form not complete yet: no provider is ready to pay
    expect(canConfirm(ready, { ...context, paymentReady: false })).toBe(false);
    expect(canConfirm(ready, { ...context, paymentReady: true })).toBe(true);
  });

  it('pays a free order with NONE and a paid one with the proxy of the chosen method', () => {
    const methods = offeredPaymentMethods(makeReservation());
    expect(paymentFormOf(ready, methods, false)).toMatchObject({ paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' });
    expect(paymentFormOf({ ...ready, method: null }, [], true)).toMatchObject({ paymentProxy: 'NONE', selectedPaymentMethod: 'NONE' });
  });

  it('sends a confirmed reservation to the page of its status', () => {
    expect(pageAfterConfirm('COMPLETE')).toBe('success');
    expect(pageAfterConfirm('OFFLINE_PAYMENT')).toBe('waiting-payment');
    expect(pageAfterConfirm('DEFERRED_OFFLINE_PAYMENT')).toBe('deferred-payment');
    expect(pageAfterConfirm('EXTERNAL_PROCESSING_PAYMENT')).toBe('processing-payment');
  });
});
