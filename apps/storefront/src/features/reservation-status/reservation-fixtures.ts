import type { ReservationInfo } from '../../api/reservation-queries';

/** Test data in the wire shape of reference/public-api.md 3.3.1. */
export const RESERVATION_ID = 'abcdef12-3456-4789-8abc-def012345678';

type Ticket = ReservationInfo['ticketsByCategory'][number]['tickets'][number];

export function makeTicket(uuid: string, overrides: Partial<Ticket> = {}): Ticket {
  return {
    uuid,
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    email: 'ada@example.org',
    userLanguage: 'en',
    assigned: true,
    locked: false,
    acquired: true,
    cancellationEnabled: false,
    sendMailEnabled: true,
    downloadEnabled: true,
    ticketFieldConfigurationBeforeStandard: [],
    ticketFieldConfigurationAfterStandard: [],
    formattedOnlineCheckInDate: {},
    onlineEventStarted: false,
    ...overrides,
  };
}

export function makeReservation(overrides: Partial<ReservationInfo> = {}): ReservationInfo {
  return {
    id: RESERVATION_ID,
    shortId: 'abcdef12',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.org',
    validity: Date.UTC(2027, 0, 10, 12),
    ticketsByCategory: [
      {
        name: 'Festival pass',
        ticketAccessType: 'INHERIT',
        tickets: [makeTicket('t-1'), makeTicket('t-2', { firstName: 'Alan', lastName: 'Turing', fullName: 'Alan Turing', email: 'alan@example.org' })],
      },
      { name: 'Day ticket', ticketAccessType: 'INHERIT', tickets: [makeTicket('t-3', { assigned: false, email: '', firstName: null, lastName: null, fullName: '' })] },
    ],
    orderSummary: {
      summary: [
        { name: 'Festival pass', amount: 2, price: '149.00', subTotal: '298.00', type: 'TICKET', taxPercentage: '8.10' },
        { name: 'Day ticket', amount: 1, price: '69.00', subTotal: '69.00', type: 'TICKET', taxPercentage: '8.10' },
      ],
      totalPrice: '367.00',
      free: false,
      displayVat: true,
      priceInCents: 36700,
      descriptionForPayment: '2 x Festival pass, 1 x Day ticket',
      totalVAT: '27.52',
      vatPercentage: '8.10',
      notYetPaid: false,
    },
    status: 'COMPLETE',
    validatedBookingInformation: true,
    formattedExpirationDate: { en: '10/01/2027 13:00', it: '10/01/2027 13:00', de: '10.01.2027 13:00' },
    invoiceNumber: null,
    invoiceRequested: false,
    invoiceOrReceiptDocumentPresent: false,
    paid: true,
    tokenAcquired: false,
    paymentProxy: 'OFFLINE',
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
    activePaymentMethods: {},
    subscriptionInfos: null,
    metadata: { hideContactData: false, readyForConfirmation: true, finalized: true, hideConfirmationButtons: false, lockEmailEdit: false },
    additionalServiceWithData: [],
    lastPaymentFailure: null,
    ...overrides,
  };
}
