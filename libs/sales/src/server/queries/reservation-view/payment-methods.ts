import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { paymentMethodOf } from '@ticketing/sales/domain';
import { offlineDelayDays, offlinePaymentDeadline } from '../../reservation/offline-deadline.js';

type CardlessProxy = 'OFFLINE' | 'ON_SITE';

/** The ways to pay this server takes without a card provider, in the spec's display order (point 9). */
const ORDER: readonly CardlessProxy[] = ['OFFLINE', 'ON_SITE'];

/** The deadline of a bank transfer chosen now, with the organizer's delay; null when there is no time left for one. */
export function transferDeadline(offer: PurchaseOffer, now: Date): Date | null {
  return offlinePaymentDeadline(now, offer.event, offer.organizer?.payment.offlinePaymentDelayDays ?? null);
}

/**
 * The proxies a paying buyer of this event can choose: allowed by the event, taken by this server, and a bank
 * transfer only while there is time for one to arrive (`deadline` from transferDeadline).
 */
export function availableProxies(offer: PurchaseOffer, deadline: Date | null): CardlessProxy[] {
  return ORDER.filter((proxy) => offer.event.allowedPaymentProxies.includes(proxy) && (proxy !== 'OFFLINE' || deadline !== null));
}

/** `activePaymentMethods` of the reservation view: method id -> proxy and the parameters its form needs. */
export function activePaymentMethods(offer: PurchaseOffer, now: Date): Record<string, { paymentProxy: CardlessProxy; parameters: Record<string, unknown> }> {
  const captchaRequestedForOffline = offer.event.captcha.captchaForOfflinePaymentAndFree;
  const deadline = transferDeadline(offer, now);
  const methods: Record<string, { paymentProxy: CardlessProxy; parameters: Record<string, unknown> }> = {};
  for (const proxy of availableProxies(offer, deadline)) {
    const delay = proxy === 'OFFLINE' && deadline ? { delayForOfflinePayment: offlineDelayDays(now, deadline) } : {};
    methods[paymentMethodOf[proxy]] = { paymentProxy: proxy, parameters: { ...delay, captchaRequestedForOffline, recaptchaApiKey: null } };
  }
  return methods;
}
