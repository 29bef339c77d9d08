/**
 * The payment methods the storefront can offer, in their display order (spec point 9), and the bundle key of
 * each method's label. alf.io named these keys before the method enum existed, hence the irregular names.
 */
export const paymentMethods = [
  'CREDIT_CARD', 'PAYPAL', 'IDEAL', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS',
  'PRZELEWY_24', 'BANK_TRANSFER', 'ON_SITE', 'APPLE_PAY', 'KBC', 'NONE',
] as const;

export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentMethodLabelKeys = {
  CREDIT_CARD: 'reservation-page.credit-card',
  PAYPAL: 'reservation-page.paypal',
  IDEAL: 'reservation-page.payment-method.ideal',
  BANCONTACT: 'reservation-page.payment-method.bancontact',
  ING_HOME_PAY: 'reservation-page.payment-method.ing-home-pay',
  BELFIUS: 'reservation-page.payment-method.belfius',
  PRZELEWY_24: 'reservation-page.payment-method.przelewy-24',
  BANK_TRANSFER: 'reservation-page.offline',
  ON_SITE: 'reservation-page.on-site',
  APPLE_PAY: 'reservation-page.payment-method.apple-pay',
  KBC: 'reservation-page.payment-method.kbc',
  NONE: 'reservation-page.payment-method.none',
} as const satisfies Record<PaymentMethod, string>;
