import { z } from 'zod';

/** The wire shapes of a reservation (reference 3.3.1 and section 2): one zod source for the OpenAPI file and the client. */

const langMap = z.record(z.string(), z.string()).describe('Text per language code.');

export const reservationStatusSchema = z.enum([
  'PENDING',
  'IN_PAYMENT',
  'EXTERNAL_PROCESSING_PAYMENT',
  'WAITING_EXTERNAL_CONFIRMATION',
  'CUSTOM_OFFLINE_PAYMENT',
  'OFFLINE_PAYMENT',
  'DEFERRED_OFFLINE_PAYMENT',
  'FINALIZING',
  'OFFLINE_FINALIZING',
  'COMPLETE',
  'STUCK',
  'CANCELLED',
  'CREDIT_NOTE_ISSUED',
]);

export const paymentProxySchema = z.enum(['STRIPE', 'ON_SITE', 'OFFLINE', 'NONE', 'ADMIN', 'PAYPAL', 'MOLLIE', 'SAFERPAY', 'CUSTOM_OFFLINE']);

export { additionalFieldTypeSchema, additionalFieldSchema, bookingInfoTicketSchema, ticketsByTicketCategorySchema, additionalServiceWithDataSchema } from '@ticketing/wire';
import { additionalFieldSchema, additionalServiceWithDataSchema, billingDetailsSchema, bookingInfoTicketSchema, ticketsByTicketCategorySchema } from '@ticketing/wire';

export const summaryRowSchema = z.object({
  name: z.string().nullable(),
  amount: z.number().int(),
  price: z.string(),
  subTotal: z.string(),
  type: z.enum(['TICKET', 'SUBSCRIPTION', 'PROMOTION_CODE', 'DYNAMIC_DISCOUNT', 'ADDITIONAL_SERVICE', 'APPLIED_SUBSCRIPTION', 'TAX_DETAIL']),
  taxPercentage: z.string().nullable(),
});

/** SubscriptionInfo (reference section 2): the pass an order buys. */
export const subscriptionInfoSchema = z
  .object({
    id: z.string().nullable().describe('The pass id (UUID), once acquired.'),
    pin: z.string().nullable().describe('Its PIN, once acquired.'),
    usageDetails: z.object({
      total: z.number().int().nullable().describe('Max entries; null: unlimited.'),
      used: z.number().int(),
      available: z.number().int().nullable().describe('Entries left; null: unlimited.'),
    }),
    owner: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string().nullable() }),
    configuration: z.object({ displayPin: z.boolean() }),
    additionalFields: z.array(additionalFieldSchema),
    fieldConfigurationBeforeStandard: z.array(additionalFieldSchema),
    fieldConfigurationAfterStandard: z.array(additionalFieldSchema),
  })
  .describe('SubscriptionInfo: the pass an order buys; id and PIN once the order is complete.');

export const orderSummarySchema = z.object({
  summary: z.array(summaryRowSchema),
  totalPrice: z.string(),
  free: z.boolean(),
  displayVat: z.boolean(),
  priceInCents: z.number().int(),
  descriptionForPayment: z.string(),
  totalVAT: z.string(),
  vatPercentage: z.string().nullable(),
  notYetPaid: z.boolean(),
});


export const paymentProxyWithParametersSchema = z.object({
  paymentProxy: paymentProxySchema,
  parameters: z.record(z.string(), z.unknown()),
});

export const reservationMetadataSchema = z.object({
  hideContactData: z.boolean(),
  readyForConfirmation: z.boolean(),
  finalized: z.boolean(),
  hideConfirmationButtons: z.boolean(),
  lockEmailEdit: z.boolean(),
});

export const reservationInfoSchema = z
  .object({
    id: z.string(),
    shortId: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    validity: z.number().int().describe('Expiry instant, epoch ms: the hold while pending, the payment deadline of a bank transfer.'),
    ticketsByCategory: z.array(ticketsByTicketCategorySchema),
    orderSummary: orderSummarySchema,
    status: reservationStatusSchema,
    validatedBookingInformation: z.boolean(),
    formattedExpirationDate: langMap.nullable(),
    invoiceNumber: z.string().nullable(),
    invoiceRequested: z.boolean(),
    invoiceOrReceiptDocumentPresent: z.boolean(),
    paid: z.boolean(),
    tokenAcquired: z.boolean(),
    paymentProxy: paymentProxySchema.nullable(),
    addCompanyBillingDetails: z.boolean().nullable(),
    customerReference: z.string().nullable(),
    skipVatNr: z.boolean().nullable(),
    billingAddress: z.string().nullable(),
    billingDetails: billingDetailsSchema,
    containsCategoriesLinkedToGroups: z.boolean(),
    activePaymentMethods: z.record(z.string(), paymentProxyWithParametersSchema),
    subscriptionInfos: z.array(subscriptionInfoSchema).nullable().describe('null for an event; one element for a pass.'),
    metadata: reservationMetadataSchema,
    additionalServiceWithData: z.array(additionalServiceWithDataSchema),
    lastPaymentFailure: z
      .object({ code: z.string().nullable(), message: z.string().nullable() })
      .nullable()
      .describe("Not in alf.io's view: why the last card or redirect payment ended without money (the provider's code and words), null otherwise."),
  })
  .describe('ReservationInfo: everything the booking, overview and success steps show.');

export const reservationStatusInfoSchema = z.object({
  status: reservationStatusSchema,
  validatedBookingInformation: z.boolean(),
  purchaseContext: z
    .object({ type: z.enum(['event', 'subscription']), publicIdentifier: z.string() })
    .describe("Not in alf.io's view: the event (short name) or pass (descriptor id) the reservation was made for; its pages under another one are not found."),
});

export const reservationPaymentResultSchema = z.object({
  success: z.boolean(),
  redirect: z.boolean(),
  redirectUrl: z.string().nullable(),
  failure: z.boolean(),
  gatewayIdOrNull: z.string().nullable(),
});

export type ReservationInfo = z.infer<typeof reservationInfoSchema>;
export type ReservationStatusInfo = z.infer<typeof reservationStatusInfoSchema>;
export type AdditionalFieldView = z.infer<typeof additionalFieldSchema>;
export type BookingInfoTicket = z.infer<typeof bookingInfoTicketSchema>;
export type BillingDetailsView = z.infer<typeof billingDetailsSchema>;
export type OrderSummaryView = z.infer<typeof orderSummarySchema>;
export type SubscriptionInfoView = z.infer<typeof subscriptionInfoSchema>;
