import type { BookingContext } from './booking-context.js';
import type { BookingForm, ItalyEInvoicingReferenceType } from './booking-form.js';
import { trimToNull } from './form-values.js';

export interface NormalizedBilling {
  readonly company: string | null;
  readonly line1: string | null;
  readonly line2: string | null;
  readonly zip: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly country: string | null;
  readonly vatNr: string | null;
}

export interface NormalizedItalianEInvoicing {
  readonly fiscalCode: string | null;
  readonly referenceType: ItalyEInvoicingReferenceType | null;
  readonly addresseeCode: string | null;
  readonly pec: string | null;
  readonly splitPayment: boolean;
}

/** The form's contact and invoice part once trimmed and once the reference's side effects are applied. */
export interface NormalizedBooking {
  readonly email: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly postponeAssignment: boolean;
  readonly invoiceRequested: boolean;
  /** A business invoice (company billing details added). */
  readonly business: boolean;
  readonly skipVatNr: boolean;
  readonly customerReference: string | null;
  readonly billing: NormalizedBilling;
  readonly italianEInvoicing: NormalizedItalianEInvoicing;
}

/** Assignment can wait only when nothing needs a named attendee now (reference item 20; spec point 2). */
function postponed(form: BookingForm, context: BookingContext): boolean {
  return form.postponeAssignment && !context.forceAssignment && !context.categoriesLinkedToGroups && context.items.length === 0 && context.purchaseContextType === 'event';
}

/** What the context asks of an invoice: whether the order pays, and the purchase context's invoicing settings. */
export type InvoiceTerms = Pick<BookingContext, 'paymentRequired' | 'invoicing'>;

/**
 * The invoice the form asks for, as the rules read it: a free order has none; an "invoice only" context always
 * issues one, otherwise the buyer chooses; a business one when company details are added; its VAT number skipped
 * only where a number is not strictly required.
 */
export function invoiceOf(
  form: Pick<BookingForm, 'invoiceRequested' | 'addCompanyBillingDetails' | 'skipVatNr'>,
  { paymentRequired, invoicing }: InvoiceTerms,
): { readonly invoiceRequested: boolean; readonly business: boolean; readonly skipVatNr: boolean } {
  const invoiceRequested = paymentRequired && (invoicing.onlyInvoice || (invoicing.invoiceAllowed && form.invoiceRequested));
  const business = invoiceRequested && form.addCompanyBillingDetails === true;
  return { invoiceRequested, business, skipVatNr: business && form.skipVatNr === true && !invoicing.vatNumberStrictlyRequired };
}

/** The reference type decides which of addressee code and PEC is kept (spec point 4). */
function italianEInvoicing(form: BookingForm, business: boolean): NormalizedItalianEInvoicing {
  const referenceType = form.italyEInvoicingReferenceType ?? null;
  return {
    fiscalCode: trimToNull(form.italyEInvoicingFiscalCode),
    referenceType,
    addresseeCode: referenceType === 'ADDRESSEE_CODE' ? trimToNull(form.italyEInvoicingReferenceAddresseeCode) : null,
    pec: referenceType === 'PEC' ? trimToNull(form.italyEInvoicingReferencePEC) : null,
    splitPayment: business && form.italyEInvoicingSplitPayment,
  };
}

/**
 * Side effects of validate-to-overview, in the reference's order: postponement forced off, the invoice forced on
 * or off, company data cleared for a private invoice, the skip-VAT flag refused where a VAT number is strictly
 * required, the unused Italian reference cleared.
 */
export function normalizeBooking(form: BookingForm, context: BookingContext): NormalizedBooking {
  const { invoiceRequested: invoice, business, skipVatNr } = invoiceOf(form, context);
  return {
    email: trimToNull(form.email),
    firstName: trimToNull(form.firstName),
    lastName: trimToNull(form.lastName),
    postponeAssignment: postponed(form, context),
    invoiceRequested: invoice,
    business,
    skipVatNr,
    customerReference: context.invoicing.customerReferenceEnabled ? trimToNull(form.customerReference) : null,
    billing: {
      company: business ? trimToNull(form.billingAddressCompany) : null,
      line1: trimToNull(form.billingAddressLine1),
      line2: trimToNull(form.billingAddressLine2),
      zip: trimToNull(form.billingAddressZip),
      city: trimToNull(form.billingAddressCity),
      state: trimToNull(form.billingAddressState),
      country: trimToNull(form.vatCountryCode)?.toUpperCase() ?? null,
      vatNr: business ? trimToNull(form.vatNr) : null,
    },
    italianEInvoicing: italianEInvoicing(form, business),
  };
}
