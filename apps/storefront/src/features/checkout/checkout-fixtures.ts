import type { ReservationInfo } from '../../api/reservation-queries';
import { makeEvent, makeItems } from '../../test/catalog-fixtures';

/** Test data for the checkout pages in the wire shapes of reference/public-api.md 3.3.1. */
export const SHORT_NAME = 'milanodev-2027';
export const RESERVATION = '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
export const TICKET_1 = '5f1c1a53-1c4e-4e8b-9a39-5a2f5f0b7e11';
export const TICKET_2 = '0b8a6c2e-7d1f-4a55-8c1e-2f3d4e5f6a7b';
export const API = '/api/v2/public';
export const BOOK = `/event/${SHORT_NAME}/reservation/${RESERVATION}/book`;
export const OVERVIEW = `/event/${SHORT_NAME}/reservation/${RESERVATION}/overview`;

type Ticket = ReservationInfo['ticketsByCategory'][number]['tickets'][number];
type Field = Ticket['ticketFieldConfigurationAfterStandard'][number];

export function makeField(name: string, overrides: Partial<Field> = {}): Field {
  return {
    name,
    value: null,
    type: 'input:text',
    required: false,
    editable: true,
    minLength: null,
    maxLength: null,
    restrictedValues: [],
    disabledValues: [],
    fields: [],
    beforeStandardFields: false,
    description: { en: { label: `Label ${name}`, placeholder: '', restrictedValuesDescription: {} } },
    ...overrides,
  } as Field;
}

export function makeTicket(uuid: string, overrides: Partial<Ticket> = {}): Ticket {
  return {
    uuid,
    firstName: null,
    lastName: null,
    fullName: '',
    email: '',
    userLanguage: null,
    assigned: false,
    locked: false,
    acquired: false,
    cancellationEnabled: false,
    sendMailEnabled: false,
    downloadEnabled: false,
    ticketFieldConfigurationBeforeStandard: [],
    ticketFieldConfigurationAfterStandard: [],
    formattedOnlineCheckInDate: {},
    onlineEventStarted: false,
    ...overrides,
  } as Ticket;
}

export function makeReservation(overrides: Partial<ReservationInfo> = {}): ReservationInfo {
  return {
    id: RESERVATION,
    shortId: RESERVATION.slice(0, 8),
    firstName: null,
    lastName: null,
    email: null,
    validity: Date.now() + 20 * 60_000,
    ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1)] }],
    orderSummary: {
      summary: [{ name: 'Regular', amount: 1, price: '100.00', subTotal: '100.00', type: 'TICKET', taxPercentage: '7.70' }],
      totalPrice: '100.00',
      free: false,
      displayVat: true,
      priceInCents: 10000,
      descriptionForPayment: '1 x Regular',
      totalVAT: '7.15',
      vatPercentage: '7.70',
      notYetPaid: false,
    },
    status: 'PENDING',
    validatedBookingInformation: false,
    formattedExpirationDate: { en: '10/01/2027 13:00' },
    invoiceNumber: null,
    invoiceRequested: false,
    invoiceOrReceiptDocumentPresent: false,
    paid: false,
    tokenAcquired: false,
    paymentProxy: null,
    addCompanyBillingDetails: false,
    customerReference: null,
    skipVatNr: false,
    billingAddress: null,
    billingDetails: {
      companyName: null,
      addressLine1: null,
      addressLine2: null,
      zip: null,
      city: null,
      state: null,
      country: null,
      taxId: null,
      invoicingAdditionalInfo: { italianEInvoicing: null, empty: true },
      hasTaxId: false,
    },
    containsCategoriesLinkedToGroups: false,
    activePaymentMethods: {
      ON_SITE: { paymentProxy: 'ON_SITE', parameters: {} },
      BANK_TRANSFER: { paymentProxy: 'OFFLINE', parameters: { delayForOfflinePayment: 5 } },
    },
    subscriptionInfos: null,
    metadata: { hideContactData: false, readyForConfirmation: false, finalized: false, hideConfirmationButtons: false, lockEmailEdit: false },
    additionalServiceWithData: [],
    ...overrides,
  } as ReservationInfo;
}

export const COUNTRY_LIST = [
  { isoCode: 'CH', name: 'Switzerland' },
  { isoCode: 'IT', name: 'Italy' },
];

/** The calls every checkout page makes, answered: event, status, reservation, countries. */
export function checkoutApi(reservation: ReservationInfo, overrides: Record<string, unknown> = {}, event = makeEvent(SHORT_NAME)) {
  return {
    [`${API}/event/${SHORT_NAME}`]: event,
    [`${API}/event/${SHORT_NAME}/ticket-categories`]: makeItems(),
    [`${API}/reservation/${RESERVATION}/status`]: { status: reservation.status, validatedBookingInformation: reservation.validatedBookingInformation },
    [`GET ${API}/reservation/${RESERVATION}`]: reservation,
    [`${API}/i18n/countries/en`]: COUNTRY_LIST,
    ...overrides,
  };
}
