import type { PaymentMethod } from '@ticketing/i18n';
import { paymentMethodLabelKeys, paymentMethods } from '@ticketing/i18n';
import type { ReservationInfo } from '../../../api/reservation-queries';

/** A way to pay the reservation offers: the method id, its proxy and the parameters its description needs. */
export interface OfferedPaymentMethod {
  readonly method: PaymentMethod;
  readonly proxy: string;
  readonly labelKey: string;
  /** Days left for a bank transfer (`delayForOfflinePayment`). */
  readonly offlineDelayDays?: number;
}

const isKnown = (id: string): id is PaymentMethod => (paymentMethods as readonly string[]).includes(id);

/**
 * The methods of `activePaymentMethods` in the display order of spec 9 (bank transfer before on-site). With a
 * held payment token (spec 4) only the method of that token's provider is left. Organizer-defined methods
 * (UUID keys) are not offered: this server takes none.
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
        ...(typeof delay === 'number' ? { offlineDelayDays: delay } : {}),
      };
    })
    .filter((m) => !info.tokenAcquired || !info.paymentProxy || m.proxy === info.paymentProxy);
}

/** The description under a method's label, when the bundle has one. */
export function paymentMethodDescription(method: OfferedPaymentMethod): { key: string; args: number[] } | undefined {
  if (method.method === 'BANK_TRANSFER') return { key: 'reservation-page.offline.description', args: [method.offlineDelayDays ?? 0] };
  if (method.method === 'ON_SITE') return { key: 'reservation-page.on-site.description', args: [] };
  if (method.method === 'CREDIT_CARD') return { key: 'reservation-page.credit-card.description', args: [] };
  if (method.method === 'PAYPAL') return { key: 'reservation-page.paypal.description', args: [] };
  return undefined;
}

/** Spec 9: more than three methods are listed one under the other. */
export const VERTICAL_LAYOUT_ABOVE = 3;
