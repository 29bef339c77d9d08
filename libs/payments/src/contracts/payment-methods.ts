/**
 * The card and redirect providers this server integrates (reference 5.1, `PaymentProxy`), apart from the ways to
 * pay that need no provider (OFFLINE, ON_SITE, NONE), which the sales context settles itself.
 */
export const onlineProxies = ['STRIPE', 'PAYPAL', 'MOLLIE', 'SAFERPAY'] as const;
export type OnlineProxy = (typeof onlineProxies)[number];

/** Payment method ids a provider may take (reference 5.1, `StaticPaymentMethods` less the offline ones). */
export const onlineMethods = [
  'CREDIT_CARD', 'PAYPAL', 'IDEAL', 'APPLE_PAY', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS', 'KBC', 'PRZELEWY_24', 'ALIPAY', 'POSTFINANCE', 'TWINT',
] as const;
export type OnlineMethod = (typeof onlineMethods)[number];

/**
 * The providers whose payment the server starts for the browser to confirm (reference 3.3 item 24, `payment/{method}/init`:
 * Stripe's PaymentIntent and its client secret). The others are paid on their own page, which the overview's confirm
 * sends the buyer to.
 */
export const serverInitiatedProxies: readonly OnlineProxy[] = ['STRIPE'];

export const isOnlineProxy = (value: string | null | undefined): value is OnlineProxy => (onlineProxies as readonly string[]).includes(value ?? '');
export const isOnlineMethod = (value: string | null | undefined): value is OnlineMethod => (onlineMethods as readonly string[]).includes(value ?? '');

/** The method a proxy stands for when the buyer names only the proxy (reference 5.1, default payment method per proxy). */
export const defaultMethodOf: Readonly<Record<OnlineProxy, OnlineMethod>> = { STRIPE: 'CREDIT_CARD', PAYPAL: 'PAYPAL', MOLLIE: 'IDEAL', SAFERPAY: 'CREDIT_CARD' };

/** Spec point 9: the order the storefront lists the ways to pay in (offline ones included). */
export const paymentMethodDisplayOrder = [
  'CREDIT_CARD', 'PAYPAL', 'IDEAL', 'BANCONTACT', 'ING_HOME_PAY', 'BELFIUS', 'PRZELEWY_24', 'BANK_TRANSFER', 'ON_SITE', 'APPLE_PAY', 'KBC', 'NONE',
] as const;
