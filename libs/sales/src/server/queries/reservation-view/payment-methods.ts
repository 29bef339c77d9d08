import type { PurchaseOffer } from '@ticketing/catalog';
import type { ConfirmedPaymentProxy } from '../../../domain/reservation/reservation.events.js';
import { offlineDelayDays, offlinePaymentDeadline } from '../../reservation/offline-deadline.js';

/** The ways to pay this server takes without a card provider, and the payment method id each answers as. */
const METHOD_OF = { OFFLINE: 'BANK_TRANSFER', ON_SITE: 'ON_SITE' } as const;

/** Display order of the spec (point 9): bank transfer before on-site. */
const ORDER: readonly (keyof typeof METHOD_OF)[] = ['OFFLINE', 'ON_SITE'];

/**
 * The proxies a paying buyer of this event can choose now: allowed by the event, taken by this server, and for
 * a bank transfer only while there is time for one to arrive.
 */
export function availableProxies(offer: PurchaseOffer, now: Date): ConfirmedPaymentProxy[] {
  return ORDER.filter((proxy) => offer.event.allowedPaymentProxies.includes(proxy)).filter(
    (proxy) => proxy !== 'OFFLINE' || offlinePaymentDeadline(now, offer.event, offer.organizer?.payment.offlinePaymentDelayDays ?? null) !== null,
  );
}

/** `activePaymentMethods` of the reservation view: method id -> proxy and the parameters its form needs. */
export function activePaymentMethods(offer: PurchaseOffer, now: Date): Record<string, { paymentProxy: ConfirmedPaymentProxy; parameters: Record<string, unknown> }> {
  const captcha = offer.event.captcha.captchaForOfflinePaymentAndFree;
  const methods: Record<string, { paymentProxy: ConfirmedPaymentProxy; parameters: Record<string, unknown> }> = {};
  for (const proxy of availableProxies(offer, now)) {
    if (proxy === 'OFFLINE') {
      const deadline = offlinePaymentDeadline(now, offer.event, offer.organizer?.payment.offlinePaymentDelayDays ?? null)!;
      methods[METHOD_OF.OFFLINE] = {
        paymentProxy: 'OFFLINE',
        parameters: { delayForOfflinePayment: offlineDelayDays(now, deadline), captchaRequestedForOffline: captcha, recaptchaApiKey: null },
      };
    } else if (proxy === 'ON_SITE') {
      methods[METHOD_OF.ON_SITE] = { paymentProxy: 'ON_SITE', parameters: { captchaRequestedForOffline: captcha, recaptchaApiKey: null } };
    }
  }
  return methods;
}
