import type { BookedAnswer, BookedProfile, ProfileBilling } from '@ticketing/accounts/contracts';
import type { AttendeeField } from '@ticketing/catalog/contracts';
import type { BookingDetails } from '@ticketing/sales/domain';
import { fieldsForCategory } from '../get-reservation/additional-fields.js';

/** The signed-in buyer of a validate-to-overview call: their account and its e-mail (null when the provider gave none). */
export interface Buyer {
  readonly userId: string;
  readonly email: string | null;
}

const sameEmail = (a: string, b: string | null) => b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The invoice address as a profile keeps it, from the booking's (blank lines as not given). */
function billingOf(booking: BookingDetails): ProfileBilling | null {
  const { billing } = booking;
  if (!booking.invoiceRequested || billing === null) return null;
  const italian = billing.italianEInvoicing;
  return {
    addCompanyBillingDetails: booking.business,
    companyName: billing.companyName,
    addressLine1: billing.addressLine1 || null,
    addressLine2: billing.addressLine2,
    zip: billing.zip || null,
    city: billing.city || null,
    state: billing.state,
    country: billing.country || null,
    taxId: billing.taxId,
    skipVatNr: booking.skipVatNr,
    italianEInvoicing: italian && { ...italian },
  };
}

/**
 * What a validated booking saves on its signed-in buyer's profile (reference 3.3 item 20, "public-user profile
 * saved"): the invoice address when an invoice was requested, and the answers of the buyer's own ticket (the one
 * whose holder has the account's e-mail, else the first) to the free-text fields it asks, each with the field's label
 * per language. Only free-text answers, as alf.io keeps only those (`input:text`): a choice's value belongs to one
 * event's list, a text answer (a company, a role) is the person's and fits the next event's field of that name too.
 */
export function bookedProfileOf(
  booking: BookingDetails,
  tickets: readonly { readonly ticketId: string; readonly categoryId: number }[],
  fields: readonly AttendeeField[],
  buyer: Buyer,
): BookedProfile {
  const attended = tickets.filter((t) => booking.attendees[t.ticketId] !== undefined);
  const own = attended.find((t) => sameEmail(booking.attendees[t.ticketId]!.email, buyer.email)) ?? attended[0];
  const additionalData: Record<string, BookedAnswer> = {};
  if (own) {
    const answers = booking.attendees[own.ticketId]!.answers;
    for (const field of fieldsForCategory(fields, own.categoryId)) {
      const values = answers[field.name];
      if (field.type === 'input:text' && values && values.length > 0) additionalData[field.name] = { label: { ...field.label }, values: [...values] };
    }
  }
  return { billing: billingOf(booking), additionalData };
}
