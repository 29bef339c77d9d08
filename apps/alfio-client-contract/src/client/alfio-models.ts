/**
 * The answers as alf.io's Angular client types them (frontend/projects/public/src/app/model/*.ts @7ec24c04), cut to
 * the fields it reads on the flows replayed here. Types only: what the server really sends is checked field by
 * field in the specs (support/client-reads.ts), never assumed from these.
 */
export type LangMap = Record<string, string>;

export interface ValidatedResponse<T> {
  success: boolean;
  errorCount: number;
  validationErrors: { fieldName: string; code: string; arguments: Record<string, unknown> | null }[];
  value: T;
  warnings: { code: string; params: string[] }[];
}

export interface Language {
  locale: string;
  displayLanguage: string;
}

export interface Country {
  isoCode: string;
  name: string;
}

/** model/info.ts */
export interface Info {
  demoModeEnabled: boolean;
  devModeEnabled: boolean;
  prodModeEnabled: boolean;
  analyticsConfiguration: unknown;
  walletConfiguration: { gWalletEnabled: boolean; passEnabled: boolean };
  challengeConfiguration: { enabled: boolean; providerId?: string | null; apiKey?: string | null };
}

/** model/event.ts */
export interface AlfioEvent {
  shortName: string;
  title: LangMap;
  contentLanguages: Language[];
  privacyPolicyUrl: string | null;
  termsAndConditionsUrl: string | null;
  currency: string;
  vat: string;
  vatIncluded: boolean;
  bankAccount: string;
  bankAccountOwner: string[];
  organizationEmail: string;
  organizationName: string;
  customCss: string | null;
  invoicingConfiguration: {
    onlyInvoice: boolean;
    invoiceAllowed: boolean;
    euVatCheckingEnabled: boolean;
    customerReferenceEnabled: boolean;
    enabledItalyEInvoicing: boolean;
    vatNumberStrictlyRequired: boolean;
    userCanDownloadReceiptOrInvoice: boolean;
  };
  captchaConfiguration: { captchaForTicketSelection: boolean; captchaForOfflinePaymentAndFree: boolean; recaptchaApiKey: string | null };
  assignmentConfiguration: { forceAssignment: boolean; enableAttendeeAutocomplete: boolean; enableTicketTransfer: boolean };
  promotionsConfiguration: { hasAccessPromotions: boolean; usePartnerCode: boolean };
}

/** model/ticket-category.ts */
export interface TicketCategory {
  id: number;
  name: string;
  maximumSaleableTickets: number;
  saleableAndLimitNotReached: boolean;
  accessRestricted: boolean;
  free: boolean;
  formattedFinalPrice: string;
  hasDiscount: boolean;
  formattedDiscountedPrice: string;
  soldOutOrLimitReached: boolean;
  containsPendingTickets: boolean;
}

/** model/additional-service.ts */
export interface AdditionalService {
  id: number;
  type: 'SUPPLEMENT' | 'DONATION';
  supplementPolicy: string | null;
  fixPrice: boolean;
  availableQuantity: number | null;
  maxQtyPerOrder: number;
  title: LangMap;
}

/** model/items-by-category.ts */
export interface ItemsByCategory {
  ticketCategories: TicketCategory[];
  expiredCategories?: TicketCategory[];
  additionalServices: AdditionalService[];
  waitingList: boolean;
  preSales: boolean;
  ticketCategoriesForWaitingList: { id: number; name: string }[];
}

/** model/event-code.ts */
export interface EventCode {
  code: string;
  type: 'SPECIAL_PRICE' | 'DISCOUNT' | 'ACCESS';
  discountType: string;
  discountAmount: string;
}

export interface DynamicDiscount {
  discount: string;
  discountType: string;
  formattedMessage: LangMap;
}

/** model/ticket.ts AdditionalField */
export interface AdditionalField {
  name: string;
  type: string;
  required: boolean;
  editable: boolean;
  restrictedValues: string[];
  fields: { fieldIndex: number; fieldValue: string | null }[];
  description: Record<string, { label: string; placeholder: string; restrictedValuesDescription: LangMap }>;
}

/** model/ticket.ts Ticket */
export interface Ticket {
  uuid: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  userLanguage: string | null;
  locked: boolean;
  acquired: boolean;
  assigned: boolean;
  cancellationEnabled: boolean;
  downloadEnabled: boolean;
  sendMailEnabled: boolean;
  ticketFieldConfigurationBeforeStandard: AdditionalField[];
  ticketFieldConfigurationAfterStandard: AdditionalField[];
}

export interface AdditionalServiceWithData {
  itemId: number;
  serviceId: number;
  title: LangMap;
  ticketUUID: string | null;
  ticketFieldConfiguration: AdditionalField[];
  type: 'SUPPLEMENT' | 'DONATION';
}

export interface ItalianEInvoicing {
  fiscalCode: string | null;
  referenceType: 'ADDRESSEE_CODE' | 'PEC' | 'NONE' | null;
  addresseeCode: string | null;
  pec: string | null;
  splitPayment: boolean | null;
  reference: string | null;
}

export interface BillingDetails {
  companyName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  taxId: string | null;
  invoicingAdditionalInfo: { italianEInvoicing: ItalianEInvoicing | null };
}

/** model/reservation-info.ts */
export interface ReservationInfo {
  id: string;
  shortId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  validity: number;
  ticketsByCategory: { name: string; tickets: Ticket[] }[];
  orderSummary: {
    summary: { name: string | null; amount: number; price: string; subTotal: string; type: string }[];
    totalPrice: string;
    free: boolean;
    priceInCents: number;
    descriptionForPayment: string;
  };
  status: string;
  validatedBookingInformation: boolean;
  formattedExpirationDate: LangMap | null;
  invoiceNumber: string | null;
  invoiceRequested: boolean;
  invoiceOrReceiptDocumentPresent: boolean;
  paid: boolean;
  tokenAcquired: boolean;
  paymentProxy: string | null;
  addCompanyBillingDetails: boolean | null;
  customerReference: string | null;
  skipVatNr: boolean | null;
  billingAddress: string | null;
  billingDetails: BillingDetails;
  containsCategoriesLinkedToGroups: boolean;
  activePaymentMethods: Record<string, { paymentProxy: string; parameters: Record<string, unknown> }>;
  subscriptionInfos: unknown[] | null;
  metadata: { hideContactData: boolean; readyForConfirmation: boolean; finalized: boolean; hideConfirmationButtons: boolean; lockEmailEdit: boolean };
  additionalServiceWithData: AdditionalServiceWithData[];
}

export interface ReservationStatusInfo {
  status: string;
  validatedBookingInformation: boolean;
}

export interface ReservationPaymentResult {
  success: boolean;
  failure: boolean;
  redirect: boolean;
  redirectUrl: string | null;
  gatewayIdOrNull: string | null;
}
