import type { BookingContext } from './booking-context.js';
import { bookingErrors, bookingWarnings, limits } from './booking-errors.js';
import type { BookingReport } from './booking-report.js';
import { isValidEmail } from './email-address.js';
import { lengthOf } from './form-values.js';
import { fiscalCodeMatchesName, isValidFiscalCode, isValidItalianVatNumber } from './italian-tax-id.js';
import type { NormalizedBooking } from './normalize-booking.js';

const ADDRESSEE_CODE_LENGTH = 7;
const STATE_LENGTH = 2;
const ZIP_LENGTH = 5;

/**
 * Italian electronic invoicing (reference item 20), asked only when the context enables it and the order is
 * paid: a fiscal code (or foreign tax id) for every billing country; for Italy also how the invoice reaches
 * the buyer (addressee code or PEC), a two-letter province, a five-digit postal code and well-formed tax ids.
 */
export function checkItalianEInvoicing(booking: NormalizedBooking, context: BookingContext, report: BookingReport): void {
  if (!context.invoicing.enabledItalyEInvoicing || !context.paymentRequired || !booking.invoiceRequested) return;
  const { billing, italianEInvoicing: italy } = booking;
  if (billing.country === null) return;

  if (italy.fiscalCode === null) report.reject('italyEInvoicingFiscalCode', bookingErrors.emptyField);
  else if (lengthOf(italy.fiscalCode) > limits.fiscalCode) report.reject('italyEInvoicingFiscalCode', bookingErrors.tooLong, [limits.fiscalCode]);
  if (billing.country !== 'IT') return;

  checkReference(booking, report);
  checkProvince(billing.state, report);
  if (billing.vatNr !== null && !report.hasErrorOn('vatNr') && !isValidItalianVatNumber(billing.vatNr.replace(/^IT/i, ''))) {
    report.reject('vatNr', bookingErrors.invalidVat);
  }
  if (italy.fiscalCode !== null && !report.hasErrorOn('italyEInvoicingFiscalCode')) {
    if (!isValidFiscalCode(italy.fiscalCode)) report.reject('italyEInvoicingFiscalCode', bookingErrors.restrictedValue);
    else if (!fiscalCodeMatchesName(booking.firstName ?? '', booking.lastName ?? '', italy.fiscalCode)) {
      report.warn('italyEInvoicingFiscalCode', bookingWarnings.fiscalCodeNameMismatch);
    }
  }
  if (!report.hasErrorOn('billingAddressZip')) {
    const zip = billing.zip ?? '';
    if (zip.length !== ZIP_LENGTH) report.reject('billingAddressZip', bookingErrors.length, [ZIP_LENGTH]);
    else if (!/^\d+$/.test(zip)) report.reject('billingAddressZip', bookingErrors.restrictedValue);
  }
}

function checkReference({ italianEInvoicing: italy }: NormalizedBooking, report: BookingReport): void {
  if (italy.referenceType === null) report.reject('italyEInvoicingReferenceType', bookingErrors.referenceTypeSelectValue);
  if (italy.referenceType === 'ADDRESSEE_CODE') {
    const code = italy.addresseeCode;
    if (code === null) {
      report.reject('italyEInvoicingReferenceAddresseeCode', bookingErrors.emptyField);
    } else {
      if (code.length !== ADDRESSEE_CODE_LENGTH) report.reject('italyEInvoicingReferenceAddresseeCode', bookingErrors.lengthMustBe7);
      if (!/^[A-Za-z0-9]+$/.test(code)) report.reject('italyEInvoicingReferenceAddresseeCode', bookingErrors.alphanumeric);
    }
  }
  if (italy.referenceType === 'PEC') {
    // PEC is a certified e-mail box: an address like any other
    if (italy.pec === null) report.reject('italyEInvoicingReferencePEC', bookingErrors.emptyField);
    else if (!isValidEmail(italy.pec)) report.reject('italyEInvoicingReferencePEC', bookingErrors.invalidEmail);
  }
}

/** The province (sigla), two letters. */
function checkProvince(state: string | null, report: BookingReport): void {
  if (state === null || state.length !== STATE_LENGTH) report.reject('billingAddressState', bookingErrors.length, [STATE_LENGTH]);
  else if (!/^\p{L}+$/u.test(state)) report.reject('billingAddressState', bookingErrors.restrictedValue);
}
