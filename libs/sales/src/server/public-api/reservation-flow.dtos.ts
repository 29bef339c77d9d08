import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { langParam, shortNameParam, uuidParam, validatedResponseSchema } from '@ticketing/wire';
import {
  paymentProxySchema,
  reservationInfoSchema,
  reservationPaymentResultSchema,
  reservationStatusInfoSchema,
} from '../queries/reservation-view/reservation-info.views.js';

export class ReservationInfoDto extends createZodDto(reservationInfoSchema) {}
export class ReservationStatusInfoDto extends createZodDto(reservationStatusInfoSchema) {}
export class ReservationPaymentResultResponseDto extends createZodDto(
  validatedResponseSchema(reservationPaymentResultSchema).describe('ValidatedResponse<ReservationPaymentResult>'),
) {}
export class BooleanValidatedResponseDto extends createZodDto(validatedResponseSchema(z.boolean()).describe('ValidatedResponse<boolean>')) {}

export class LangQueryDto extends createZodDto(z.object({ lang: langParam })) {}

/** `PaymentForm` (reference 3.3 item 21). */
export const paymentFormSchema = z.object({
  paymentProxy: paymentProxySchema.nullable().optional(),
  selectedPaymentMethod: z
    .union([z.string().max(100), z.object({ paymentMethodId: z.string().max(100), localizations: z.record(z.string(), z.unknown()).optional() })])
    .nullable()
    .optional()
    .describe('A payment method id (BANK_TRANSFER, ON_SITE, ...) or an organizer-defined method.'),
  termAndConditionsAccepted: z.boolean().nullable().optional(),
  privacyPolicyAccepted: z.boolean().nullable().optional(),
  gatewayToken: z.string().max(4096).nullable().optional(),
  hmac: z.string().max(4096).nullable().optional(),
  captcha: z.string().max(4096).nullable().optional(),
});

export class PaymentFormDto extends createZodDto(paymentFormSchema) {}

export class ReSendEmailPathDto extends createZodDto(
  z.object({
    purchaseContextType: z.enum(['event', 'subscription']),
    publicIdentifier: shortNameParam,
    reservationId: uuidParam,
  }),
) {}

// ---------------------------------------------------------------- validate-to-overview

/** Generous parse limits: the booking rules answer too-long values with their own codes (error.tooLong ...). */
const text = (max = 1024) => z.string().max(max).nullable().optional();
const answers = z.record(z.string().max(255), z.array(z.string().max(4096)).max(50)).nullable().optional();

const additionalServiceLinkSchema = z.object({
  additionalServiceItemId: z.number().int().nullable().optional(),
  ticketUUID: z.string().max(64).nullable().optional(),
  additional: answers,
});

const ticketOwnerSchema = z.object({
  email: text(),
  firstName: text(),
  lastName: text(),
  fullName: text(),
  userLanguage: text(16),
  additional: answers,
  additionalServices: z.record(z.string().max(64), z.array(additionalServiceLinkSchema).max(100)).nullable().optional(),
});

/** `ContactAndTicketsForm` (reference 3.3 item 20). */
export const contactAndTicketsFormSchema = z.object({
  email: text(),
  firstName: text(),
  lastName: text(),
  fullName: text(),
  billingAddress: text(4096),
  customerReference: text(),
  expressCheckoutRequested: z.boolean().nullable().optional(),
  postponeAssignment: z.boolean().nullable().optional(),
  invoiceRequested: z.boolean().nullable().optional(),
  addCompanyBillingDetails: z.boolean().nullable().optional(),
  skipVatNr: z.boolean().nullable().optional(),
  billingAddressCompany: text(),
  billingAddressLine1: text(),
  billingAddressLine2: text(),
  billingAddressZip: text(),
  billingAddressCity: text(),
  billingAddressState: text(),
  vatCountryCode: text(8),
  vatNr: text(),
  italyEInvoicingFiscalCode: text(),
  italyEInvoicingReferenceType: z.enum(['ADDRESSEE_CODE', 'PEC', 'NONE']).nullable().optional(),
  italyEInvoicingReferenceAddresseeCode: text(),
  italyEInvoicingReferencePEC: text(),
  italyEInvoicingSplitPayment: z.boolean().nullable().optional(),
  tickets: z.record(z.string().max(64), ticketOwnerSchema).nullable().optional(),
  additionalServices: z.record(z.string().max(64), z.array(additionalServiceLinkSchema).max(100)).nullable().optional(),
  differentSubscriptionOwner: z.boolean().nullable().optional(),
  subscriptionOwner: z.object({ email: text(), firstName: text(), lastName: text(), additional: answers }).nullable().optional(),
});

export class ContactAndTicketsFormDto extends createZodDto(contactAndTicketsFormSchema) {}

/** As Spring binds a boolean parameter: true/false, 1/0, yes/no, on/off, any case; absent = false. */
const booleanQuery = z
  .string()
  .regex(/^(true|false|1|0|yes|no|on|off)$/i, 'error.invalidFormat')
  .optional()
  .transform((v) => v !== undefined && ['true', '1', 'yes', 'on'].includes(v.toLowerCase()));

export class ValidateToOverviewQueryDto extends createZodDto(z.object({ lang: langParam, ignoreWarnings: booleanQuery.describe('Accept the warnings of an earlier answer.') })) {}
