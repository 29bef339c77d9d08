import type { PaymentMethod } from '@ticketing/i18n';
import { paymentMethodLabelKeys, paymentMethods } from '@ticketing/i18n';
import type { ReservationInfo } from '../../../api/reservation-queries';

/** A way to pay the reservation offers: the method id, its proxy and the parameters its provider's client needs. */
export interface OfferedPaymentMethod {
  readonly method: PaymentMethod;
  readonly proxy: string;
  readonly labelKey: string;
  /** Days left for a bank transfer (`delayForOfflinePayment`). */
  readonly offlineDelayDays?: number;
  /** What the provider's client in the browser needs (Stripe: stripe_p_key, enableSCA, testMode ...). */
  readonly parameters: Readonly<Record<string, unknown>>;
}

const isKnown = (id: string): id is PaymentMethod => (paymentMethods as readonly string[]).includes(id);

/**
 * The methods of `activePaymentMethods` in the display order of spec 9 (card, PayPal, the Mollie methods, bank
 * transfer, on site ...). With a held payment token (spec 4) only the methods of that token's provider are left.
 * Organizer-defined methods (UUID keys) are not offered: this server takes none.
 */
export function offeredPaymentMethods(info: Pick<ReservationInfo, 'activePaymentMethods' | 'tokenAcquired' | 'paymentProxy'>): OfferedPaymentMethod[] {
  const active = info.activePaymentMethods;
  return paymentMethods
    .filter((method) => method !== 'NONE' && Object.prototype.hasOwnProperty.call(active, method) && isKnown(method))
    .map((method) => {
      const { paymentProxy, parameters } = active[method]!;
      const delay = parameters['delayForOfflinePayment'];
      return {
        method,
        proxy: paymentProxy,
        labelKey: paymentMethodLabelKeys[method],
        parameters,
        ...(typeof delay === 'number' ? { offlineDelayDays: delay } : {}),
      };
    })
    .filter((m) => !info.tokenAcquired || !info.paymentProxy || m.proxy === info.paymentProxy);
}

/**
 * How confirming pays with a method: `card` through the card form (Stripe: the browser confirms the card, then the
 * overview), `redirect` on the provider's page (the confirm answers its address), `confirm` without a provider.
 */
export type PaymentFlow = 'card' | 'redirect' | 'confirm';

export function paymentFlowOf(method: Pick<OfferedPaymentMethod, 'proxy'> | undefined): PaymentFlow {
  if (method?.proxy === 'STRIPE') return 'card';
  return method?.proxy === 'MOLLIE' || method?.proxy === 'PAYPAL' || method?.proxy === 'SAFERPAY' ? 'redirect' : 'confirm';
}

/**
 * The description under a method's label: by its provider (a card may go through Stripe, Mollie or Saferpay). A pass's
 * order (`pass`) brings a pass and its PIN, not tickets: the texts that speak of tickets have a pass's wording.
 */
export function paymentMethodDescription(method: OfferedPaymentMethod, pass = false): { key: string; args: number[] } | undefined {
  switch (method.proxy) {
    case 'OFFLINE':
      // one day is said in the singular, in every language
      if (method.offlineDelayDays === 1) return { key: pass ? 'storefront.reservation-page.offline.description.pass.one' : 'storefront.reservation-page.offline.description.one', args: [] };
      return { key: pass ? 'storefront.reservation-page.offline.description.pass' : 'reservation-page.offline.description', args: [method.offlineDelayDays ?? 0] };
    case 'ON_SITE':
      return { key: 'reservation-page.on-site.description', args: [] };
    case 'STRIPE':
      return { key: pass ? 'storefront.reservation-page.credit-card.description.pass' : 'reservation-page.credit-card.description', args: [] };
    case 'PAYPAL':
      return { key: 'reservation-page.paypal.description', args: [] };
    case 'MOLLIE':
      return { key: 'reservation-page.payment.mollie.description', args: [] };
    case 'SAFERPAY':
      return { key: 'reservation-page.payment.saferpay.description', args: [] };
    default:
      return undefined;
  }
}

/** Spec 9: more than three methods are listed one under the other. */
export const VERTICAL_LAYOUT_ABOVE = 3;
