import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { offlineDelayDays, paymentMethodOf, paymentTerms, type CardlessProxy } from '@ticketing/sales/domain';

/**
 * `activePaymentMethods` of the reservation view: method id -> proxy and the parameters its form needs. A bank
 * transfer and an on-site payment ask for the captcha when the event wants it and a site key is configured, and
 * then carry the key (reference 2, PaymentProxyWithParameters).
 */
export function activePaymentMethods(
  offer: PurchaseOffer,
  now: Date,
  recaptchaSiteKey: string | null = null,
): Record<string, { paymentProxy: CardlessProxy; parameters: Record<string, unknown> }> {
  const captchaRequestedForOffline = offer.event.captcha.captchaForOfflinePaymentAndFree && recaptchaSiteKey !== null;
  const recaptchaApiKey = captchaRequestedForOffline ? recaptchaSiteKey : null;
  const { proxies, transferDeadline } = paymentTerms(offer, now);
  const methods: Record<string, { paymentProxy: CardlessProxy; parameters: Record<string, unknown> }> = {};
  for (const proxy of proxies) {
    const delay = proxy === 'OFFLINE' && transferDeadline ? { delayForOfflinePayment: offlineDelayDays(now, transferDeadline) } : {};
    methods[paymentMethodOf[proxy]] = { paymentProxy: proxy, parameters: { ...delay, captchaRequestedForOffline, recaptchaApiKey } };
  }
  return methods;
}
