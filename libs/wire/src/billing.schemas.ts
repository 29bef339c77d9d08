import { z } from 'zod';

/**
 * Reference 2 `BillingDetails`: the invoice address as the reservation view and the signed-in user's profile both
 * answer it. One zod source for the two contexts, so the two answers cannot drift apart.
 */
export const italianEInvoicingSchema = z.object({
  fiscalCode: z.string().nullable(),
  referenceType: z.enum(['ADDRESSEE_CODE', 'PEC', 'NONE']).nullable(),
  addresseeCode: z.string().nullable(),
  pec: z.string().nullable(),
  splitPayment: z.boolean(),
  reference: z.string().nullable(),
  referenceTypeAsString: z.string().nullable(),
  empty: z.boolean(),
});

export const billingDetailsSchema = z.object({
  companyName: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  taxId: z.string().nullable(),
  invoicingAdditionalInfo: z.object({ italianEInvoicing: italianEInvoicingSchema.nullable(), empty: z.boolean() }),
  hasTaxId: z.boolean(),
});
