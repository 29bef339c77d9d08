import type { ProfileFormInput, ProfileRules } from '@ticketing/accounts/server';
import { euCountryCodes, isoCountryCodes } from '@ticketing/i18n';
import { validateBooking, type BookingContext } from '@ticketing/sales/booking-rules';

/**
 * A profile is checked by the booking step's own contact and invoice rules (reference 3.6 item 44: "as in 20"): a
 * purchase context with no tickets, a paid order that allows an invoice (so the address is checked when one is given),
 * Italian e-invoicing when the form fills it in, and no VIES call (a profile is not an order: the booking step checks
 * the number against VIES when it is used).
 */
export const profileRules: ProfileRules = (form: ProfileFormInput, today: string) => {
  const italian = form.italyEInvoicingFiscalCode !== null || form.italyEInvoicingReferenceType !== null;
  const context: BookingContext = {
    purchaseContextType: 'event',
    tickets: [],
    items: [],
    invoicing: { invoiceAllowed: true, onlyInvoice: false, euVatCheckingEnabled: false, customerReferenceEnabled: false, enabledItalyEInvoicing: italian, vatNumberStrictlyRequired: false },
    paymentRequired: true,
    forceAssignment: false,
    categoriesLinkedToGroups: false,
    contentLanguages: ['en'],
    today,
    euCountryCodes,
    countryCodes: isoCountryCodes,
    vatCheck: { status: 'NOT_CHECKED' },
  };
  const { errors, warnings } = validateBooking(
    { ...form, postponeAssignment: false, tickets: {}, additionalServices: {}, differentSubscriptionOwner: false, subscriptionOwner: null },
    context,
  );
  return { errors, warnings };
};
