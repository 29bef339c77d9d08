import type { ReservationInfo } from '../../api/reservation-queries';
import { makeSubscription, SUBSCRIPTION_ID } from '../../test/catalog-fixtures';
import { API, COUNTRY_LIST, makeField, makeReservation, RESERVATION } from '../checkout/checkout-fixtures';
import type { SubscriptionInfo } from './subscription-info';

/** Test data of a pass's order (reference 3.5 item 42, then 16-27: no tickets, one SubscriptionInfo). */
export { API, makeField, RESERVATION, SUBSCRIPTION_ID };
export const PASS = `/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}`;

export function makePass(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return {
    id: null,
    pin: null,
    owner: { firstName: null, lastName: null, email: null },
    configuration: { displayPin: true },
    usageDetails: { total: 10, used: 0, available: 10 },
    additionalFields: [],
    fieldConfigurationBeforeStandard: [],
    fieldConfigurationAfterStandard: [],
    ...overrides,
  } as SubscriptionInfo;
}

export function makePassOrder(overrides: Partial<ReservationInfo> = {}, pass: Partial<SubscriptionInfo> = {}): ReservationInfo {
  const status = overrides.status ?? 'PENDING';
  return makeReservation({
    ticketsByCategory: [],
    subscriptionInfos: [makePass(pass)],
    orderSummary: {
      summary: [{ name: 'Pass 6f1c', amount: 1, price: '250.00', subTotal: '250.00', type: 'SUBSCRIPTION', taxPercentage: '7.70' }],
      totalPrice: '250.00',
      free: false,
      displayVat: true,
      priceInCents: 25000,
      descriptionForPayment: '1 x Pass 6f1c',
      totalVAT: '17.87',
      vatPercentage: '7.70',
      notYetPaid: false,
    } as ReservationInfo['orderSummary'],
    activePaymentMethods: { BANK_TRANSFER: { paymentProxy: 'OFFLINE', parameters: { delayForOfflinePayment: 5 } } } as ReservationInfo['activePaymentMethods'],
    // as the server sets it: neither pending nor finalizing
    metadata: {
      hideContactData: false,
      readyForConfirmation: false,
      finalized: status !== 'PENDING' && status !== 'FINALIZING',
      hideConfirmationButtons: false,
      lockEmailEdit: false,
    },
    ...overrides,
  });
}

/** The calls a pass's reservation page makes, answered: the descriptor, status, reservation, countries, events. */
export function passApi(reservation: ReservationInfo, overrides: Record<string, unknown> = {}, descriptor = makeSubscription()) {
  return {
    [`${API}/subscription/${SUBSCRIPTION_ID}`]: descriptor,
    [`${API}/reservation/${RESERVATION}/status`]: { status: reservation.status, validatedBookingInformation: reservation.validatedBookingInformation },
    [`GET ${API}/reservation/${RESERVATION}`]: reservation,
    [`${API}/i18n/countries/en`]: COUNTRY_LIST,
    [`${API}/events`]: [],
    [`${API}/subscriptions`]: [],
    ...overrides,
  };
}
