import type { User } from '@ticketing/api-client';
import type { BookingFormValues, ItalianReferenceType } from '../../booking';
import { ITALIAN_REFERENCE_TYPES } from '../../booking';

type Text = string | null | undefined;
const empty = (value: Text) => !value || value.trim() === '';

/**
 * Spec 6: a signed-in user's profile prefills the booking form (name, e-mail, billing, additional data) and the first
 * ticket, only where the reservation has no value yet: what the buyer or the server put in a field stays.
 */
export function withProfile(values: BookingFormValues, user: User): BookingFormValues {
  const fill = (current: string, offered: Text): string => (empty(current) && !empty(offered) ? offered! : current);
  const billing = user.profile?.billingDetails;
  const italian = billing?.invoicingAdditionalInfo?.italianEInvoicing;
  const company = fill(values.billingAddressCompany, billing?.companyName);
  const referenceType: ItalianReferenceType | null =
    values.italyEInvoicingReferenceType ?? ITALIAN_REFERENCE_TYPES.find((t) => t === italian?.referenceType) ?? null;
  const next: BookingFormValues = {
    ...values,
    firstName: fill(values.firstName, user.firstName),
    lastName: fill(values.lastName, user.lastName),
    email: fill(values.email, user.emailAddress),
    addCompanyBillingDetails: values.addCompanyBillingDetails || !empty(company),
    billingAddressCompany: company,
    billingAddressLine1: fill(values.billingAddressLine1, billing?.addressLine1),
    billingAddressLine2: fill(values.billingAddressLine2, billing?.addressLine2),
    billingAddressZip: fill(values.billingAddressZip, billing?.zip),
    billingAddressCity: fill(values.billingAddressCity, billing?.city),
    billingAddressState: fill(values.billingAddressState, billing?.state),
    vatCountryCode: fill(values.vatCountryCode, billing?.country),
    vatNr: fill(values.vatNr, billing?.taxId),
    // the profile's "no VAT number" comes with the profile's company (not to a company or VAT number the reservation has)
    skipVatNr: values.skipVatNr || (empty(values.billingAddressCompany) && empty(values.vatNr) && user.profile?.skipVatNr === true),
    italyEInvoicingFiscalCode: fill(values.italyEInvoicingFiscalCode, italian?.fiscalCode),
    italyEInvoicingReferenceType: referenceType,
    italyEInvoicingReferenceAddresseeCode: fill(values.italyEInvoicingReferenceAddresseeCode, referenceType === 'ADDRESSEE_CODE' ? italian?.addresseeCode : null),
    italyEInvoicingReferencePEC: fill(values.italyEInvoicingReferencePEC, referenceType === 'PEC' ? italian?.pec : null),
    italyEInvoicingSplitPayment: values.italyEInvoicingSplitPayment || italian?.splitPayment === true,
  };
  // the tickets are in the reservation's order (booking-prefill.ts): the first one is the first ticket
  const firstTicket = Object.keys(values.tickets)[0];
  const ticket = firstTicket === undefined ? undefined : values.tickets[firstTicket];
  if (firstTicket === undefined || !ticket) return next;
  const additional = { ...ticket.additional };
  for (const [name, saved] of Object.entries(user.profile?.additionalData ?? {})) {
    const current = additional[name];
    if (current && current.every((v) => empty(v)) && saved.values.length > 0) additional[name] = [...saved.values];
  }
  return {
    ...next,
    tickets: {
      ...values.tickets,
      [firstTicket]: {
        ...ticket,
        firstName: fill(ticket.firstName, user.firstName),
        lastName: fill(ticket.lastName, user.lastName),
        email: fill(ticket.email, user.emailAddress),
        additional,
      },
    },
  };
}
