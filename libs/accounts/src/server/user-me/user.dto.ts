import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { billingDetailsSchema, validatedResponseSchema } from '@ticketing/wire';

const langMap = z.record(z.string(), z.string()).describe('Text per language code.');

const userSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailAddress: z.string().nullable(),
  profile: z
    .object({
      billingDetails: billingDetailsSchema,
      additionalData: z
        .record(z.string(), z.object({ label: langMap, values: z.array(z.string()) }))
        .describe('Additional field name -> the values saved (what prefills an attendee\'s extra fields); label: the field\'s label per language as the booking that saved it named it, {} when saved on the profile page only.'),
      skipVatNr: z
        .boolean()
        .describe('The company invoice address was saved without a VAT number ("no VAT number", as the booking form\'s skipVatNr): its form comes back with the box ticked. Beyond alf.io\'s User.'),
    })
    .nullable()
    .describe('The saved profile (billing details, additional data); null until one is saved. It prefills the booking step.'),
  external: z.boolean().describe('Signed in through an external (OpenID Connect) provider: always true here.'),
});

/** Reference 2 `User`: the signed-in person, with the profile they saved. */
export class UserDto extends createZodDto(userSchema) {}

/** Reference 3.6 item 44: `ValidatedResponse<User>`. */
export class UserValidatedResponseDto extends createZodDto(validatedResponseSchema(userSchema.nullable()).describe('ValidatedResponse<User>')) {}

/** Generous parse limits: the booking rules answer too-long values with their own codes. */
const text = (max = 1024) => z.string().max(max).nullable().optional();

/**
 * Reference 3.6 item 44 `UpdateProfileForm`: the booking step's contact and invoice fields plus `additionalInfo`.
 * The e-mail is the account's whatever is sent; fields of the booking form a profile has no use for are ignored.
 */
export class UpdateProfileFormDto extends createZodDto(
  z.object({
    email: text(),
    firstName: text(),
    lastName: text(),
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
    additionalInfo: z
      .record(z.string().max(128), z.union([z.string().max(4096), z.array(z.string().max(4096)).max(50)]))
      .nullable()
      .optional()
      .describe('Additional field name -> value (or values).'),
  }),
) {}

/** Reference 2 `ClientRedirect`: where the browser goes next. */
export class ClientRedirectDto extends createZodDto(
  z.object({
      targetUrl: z.string(),
      empty: z.boolean().describe('True when there is no target.'),
    }),
) {}
