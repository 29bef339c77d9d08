import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { additionalServiceLinkFormSchema, additionalServiceLinksOf, answersOf, extraFieldAnswersSchema, langParam, ticketOwnerFormSchema, validatedResponseSchema } from '@ticketing/wire';
import type { BookingForm } from '@ticketing/sales/booking-rules';

export class BooleanValidatedResponseDto extends createZodDto(validatedResponseSchema(z.boolean()).describe('ValidatedResponse<boolean>')) {}

/** Generous parse limits: the booking rules answer too-long values with their own codes (error.tooLong ...). */
const text = (max = 1024) => z.string().max(max).nullable().optional();
const answers = extraFieldAnswersSchema;
const additionalServiceLinkSchema = additionalServiceLinkFormSchema;
const ticketOwnerSchema = ticketOwnerFormSchema;

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

/** The parsed body as the booking rules read it: absent flags are false, absent maps empty. */
export function bookingFormOf(form: ContactAndTicketsFormDto): BookingForm {
  return {
    ...form,
    email: form.email ?? null,
    firstName: form.firstName ?? null,
    lastName: form.lastName ?? null,
    postponeAssignment: form.postponeAssignment === true,
    invoiceRequested: form.invoiceRequested === true,
    italyEInvoicingSplitPayment: form.italyEInvoicingSplitPayment === true,
    differentSubscriptionOwner: form.differentSubscriptionOwner === true,
    tickets: Object.fromEntries(
      Object.entries(form.tickets ?? {}).map(([id, t]) => [
        id,
        { email: t.email ?? null, firstName: t.firstName, lastName: t.lastName, fullName: t.fullName, userLanguage: t.userLanguage, additional: answersOf(t.additional) },
      ]),
    ),
    additionalServices: additionalServiceLinksOf(form.additionalServices),
    subscriptionOwner: form.subscriptionOwner
      ? {
          email: form.subscriptionOwner.email ?? null,
          firstName: form.subscriptionOwner.firstName ?? null,
          lastName: form.subscriptionOwner.lastName ?? null,
          additional: answersOf(form.subscriptionOwner.additional),
        }
      : null,
  };
}
