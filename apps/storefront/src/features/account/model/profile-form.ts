import type { UpdateProfileForm, User } from '@ticketing/api-client';
import type { BookingErrors, BookingFormValues, FieldError, ItalianReferenceType } from '../../booking';
import { emptyBookingForm, ITALIAN_REFERENCE_TYPES } from '../../booking';

/**
 * The profile form (spec 3, Profile form): the booking form's contact and billing values (the server checks them
 * with the same rules) and the additional data, one text per field name.
 */
export interface ProfileFormValues extends BookingFormValues {
  readonly additionalInfo: Readonly<Record<string, string>>;
}

const text = (value: string | null | undefined) => value ?? '';

/** Whether the profile holds an invoice address (saved here, or by a signed-in booking of an event that invoices). */
export const hasSavedBilling = (user: User): boolean => Boolean(user.profile?.billingDetails?.addressLine1 || user.profile?.billingDetails?.companyName);

/**
 * The form as the saved profile fills it. The invoice part comes open when an invoice address was saved; a company
 * saved without a VAT number comes with "no VAT number" ticked (else saving again would ask for one).
 */
export function profileFormOf(user: User): ProfileFormValues {
  const billing = user.profile?.billingDetails;
  const italian = billing?.invoicingAdditionalInfo?.italianEInvoicing;
  const referenceType: ItalianReferenceType | null = ITALIAN_REFERENCE_TYPES.find((t) => t === italian?.referenceType) ?? null;
  return {
    ...emptyBookingForm,
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    email: text(user.emailAddress),
    invoiceRequested: hasSavedBilling(user),
    addCompanyBillingDetails: Boolean(billing?.companyName),
    billingAddressCompany: text(billing?.companyName),
    billingAddressLine1: text(billing?.addressLine1),
    billingAddressLine2: text(billing?.addressLine2),
    billingAddressZip: text(billing?.zip),
    billingAddressCity: text(billing?.city),
    billingAddressState: text(billing?.state),
    vatCountryCode: text(billing?.country),
    vatNr: text(billing?.taxId),
    skipVatNr: user.profile?.skipVatNr === true,
    italyEInvoicingFiscalCode: text(italian?.fiscalCode),
    italyEInvoicingReferenceType: referenceType,
    italyEInvoicingReferenceAddresseeCode: text(italian?.addresseeCode),
    italyEInvoicingReferencePEC: text(italian?.pec),
    italyEInvoicingSplitPayment: italian?.splitPayment === true,
    additionalInfo: Object.fromEntries(Object.entries(user.profile?.additionalData ?? {}).map(([name, data]) => [name, data.values.join(', ')])),
  };
}

/**
 * What POST /user/me receives: no invoice asked, no billing sent (the server then checks none); a private invoice
 * sends no company, VAT number or skip flag (as the booking step).
 */
export function profileFormForSubmit(values: ProfileFormValues): UpdateProfileForm {
  const { tickets: _tickets, additionalServices: _services, postponeAssignment: _postpone, customerReference: _reference, email: _email, ...form } = values;
  const billing = values.invoiceRequested ? form : { ...form, ...noBilling };
  return {
    ...billing,
    ...(billing.addCompanyBillingDetails ? {} : { billingAddressCompany: '', vatNr: '', skipVatNr: false }),
    additionalInfo: { ...values.additionalInfo },
  };
}

const noBilling = {
  addCompanyBillingDetails: false,
  billingAddressCompany: '',
  billingAddressLine1: '',
  billingAddressLine2: '',
  billingAddressZip: '',
  billingAddressCity: '',
  billingAddressState: '',
  vatCountryCode: '',
  vatNr: '',
  skipVatNr: false,
  italyEInvoicingFiscalCode: '',
  italyEInvoicingReferenceType: null,
  italyEInvoicingReferenceAddresseeCode: '',
  italyEInvoicingReferencePEC: '',
  italyEInvoicingSplitPayment: false,
};

/** Spec 5, Profile: first and last name required (their length is held by the inputs, 255). */
export function checkProfile(values: Pick<ProfileFormValues, 'firstName' | 'lastName'>): BookingErrors {
  const errors: Record<string, FieldError> = {};
  if (!values.firstName.trim()) errors['firstName'] = { code: 'error.STEP_2_EMPTY_FIRSTNAME', args: [] };
  if (!values.lastName.trim()) errors['lastName'] = { code: 'error.STEP_2_EMPTY_LASTNAME', args: [] };
  return errors;
}
