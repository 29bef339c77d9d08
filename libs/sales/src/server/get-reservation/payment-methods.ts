import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { offlineDelayDays, paymentMethodOf, paymentTerms, type CardlessProxy } from '@ticketing/sales/domain';

/** `activePaymentMethods` of the reservation view: method id -> proxy and the parameters its form needs. */
export function activePaymentMethods(offer: PurchaseOffer, now: Date): Record<string, { paymentProxy: CardlessProxy; parameters: Record<string, unknown> }> {
  const captchaRequestedForOffline = offer.event.captcha.captchaForOfflinePaymentAndFree;
  const { proxies, transferDeadline } = paymentTerms(offer, now);
  const methods: Record<string, { paymentProxy: CardlessProxy; parameters: Record<string, unknown> }> = {};
  for (const proxy of proxies) {
    const delay = proxy === 'OFFLINE' && transferDeadline ? { delayForOfflinePayment: offlineDelayDays(now, transferDeadline) } : {};
    methods[paymentMethodOf[proxy]] = { paymentProxy: proxy, parameters: { ...delay, captchaRequestedForOffline, recaptchaApiKey: null } };
  }
  return methods;
}
