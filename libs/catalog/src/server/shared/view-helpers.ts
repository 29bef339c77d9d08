import { displayLanguage } from '@ticketing/i18n';
import type { InvoicingConfiguration, InvoicingTerms, Organizer } from '@ticketing/catalog/contracts';
import { formatPercent } from '@ticketing/kernel';
import type { AnalyticsConfiguration } from './views/common.views.js';

// Intl.DisplayNames is costly to build and a language's own name never changes.
const ownNames = new Map<string, string>();

/** `Language` entries for content languages, each named in itself. */
export function languagesOf(codes: readonly string[]): { locale: string; displayLanguage: string }[] {
  return codes.map((locale) => {
    let name = ownNames.get(locale);
    if (name === undefined) {
      name = displayLanguage(locale);
      ownNames.set(locale, name);
    }
    return { locale, displayLanguage: name };
  });
}

/** A percentage as BigDecimal text with two decimals, rounded half up from the decimal it is: 7.7 -> "7.70". */
export function percentText(percentage: number): string {
  return formatPercent(percentage, 2);
}

/** A percentage to two decimals as short as it can be written: 5 -> "5", 2.5 -> "2.5". */
export function percentPlain(percentage: number): string {
  return formatPercent(percentage, 2).replace(/0+$/, '').replace(/\.$/, '');
}

export function trimToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

export function bankAccountOf(organizer: Organizer | null): string {
  return organizer?.payment.bankAccount ?? '';
}

/** alf.io splits its configuration on new lines, which gives [""] when unset. */
export function bankAccountOwnerOf(organizer: Organizer | null): string[] {
  const lines = organizer?.payment.bankAccountOwner ?? [];
  return lines.length > 0 ? [...lines] : [''];
}

/**
 * Invoices need the organizer's invoicing details (address and VAT number); Italian e-invoicing forbids a
 * downloadable receipt and always makes an invoice (reference section 2, InvoicingConfiguration).
 */
export function invoicingConfigurationOf(config: InvoicingConfiguration | null, organizer: Organizer | null): InvoicingTerms {
  const canInvoice = Boolean(organizer?.invoicing?.address && organizer.invoicing.vatNumber);
  const invoiceAllowed = Boolean(config?.invoiceAllowed) && canInvoice;
  const italy = Boolean(config?.enabledItalyEInvoicing);
  return {
    userCanDownloadReceiptOrInvoice: !italy,
    euVatCheckingEnabled: Boolean(config?.euVatCheckingEnabled),
    invoiceAllowed,
    onlyInvoice: invoiceAllowed && (Boolean(config?.onlyInvoice) || italy),
    customerReferenceEnabled: Boolean(config?.customerReferenceEnabled),
    enabledItalyEInvoicing: italy,
    vatNumberStrictlyRequired: Boolean(config?.vatNumberStrictlyRequired),
  };
}

/**
 * Analytics is system configuration (GOOGLE_ANALYTICS_KEY), not catalog data: the app provides it to the catalog's
 * views (CATALOG_ANALYTICS); this is the answer without one. `clientId` stays null: the views are shared between
 * visitors (kept per catalog version), and no identifier of ours is handed to Google.
 */
export const noAnalytics: AnalyticsConfiguration = { googleAnalyticsKey: null, googleAnalyticsScrambledInfo: false, clientId: null };
