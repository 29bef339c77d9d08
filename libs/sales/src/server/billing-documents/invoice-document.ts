import type { PurchaseOffer, SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { documentLabels, type InvoiceDocument, type LineVat } from '@ticketing/documents';
import { formatDatePattern } from '@ticketing/formatting';
import { bundleFor, countries, paymentMethodLabelKeys, type PaymentMethod } from '@ticketing/i18n';
import { formatPercent, formatUnit, zonedInstant } from '@ticketing/kernel';
import { PASS_LINE, summaryRowText, summaryRowVatRule, type OpenedReservation, type PriceSummaryRow, type VatRule } from '@ticketing/sales/domain';
import { textIn } from '../get-reservation/additional-fields.js';

/** The date printed on the document, in the language's pattern and the event's zone (`EEE dd MMM yyyy`). */
const DATE_PATTERN_KEY = 'common.event.date-format';

/** The order's language when the event still speaks it, else the event's first (the names of its lines). */
export function documentLanguage(state: OpenedReservation, offer: PurchaseOffer): string {
  const languages = offer.event.contentLanguages;
  return languages.includes(state.language) ? state.language : (languages[0] ?? 'en');
}

/** The country of an address by its name in the document's language (the code when unknown). */
function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  return countries(language).find((c) => c.isoCode === code)?.name ?? code;
}

/** How a line's price held VAT as priced: a rule charging nothing (NONE, or 0 %) is none, whatever its mode. */
function lineVat(rule: VatRule | null): LineVat | null {
  if (rule === null) return null;
  if (rule.mode === 'NONE' || rule.percentage === 0) return 'none';
  return rule.mode === 'INCLUDED' ? 'included' : 'excluded';
}

/** When the document was issued: the invoice number's assignment, else the payment. */
export function issuedAt(kind: InvoiceDocument['kind'], state: OpenedReservation): Date {
  const at = kind === 'invoice' ? state.invoice?.assignedAt : (state.payment?.completedAt ?? state.payment?.confirmedAt);
  return new Date(at || state.openedAt);
}

/**
 * The invoice (with its number) or receipt of a paid order, as the document renderer takes it: the organizer
 * sells (its invoicing details), the buyer's contact and invoice address buy, one line per row of the order
 * summary, the VAT per rate (computed once per rate, as pricing does), the total and how it was paid. Whether a
 * line's price holds VAT is the rule it was priced under, recorded with the order (the catalog may say otherwise
 * since; a supplement may have its own): an issued document never changes.
 * A pass's order (`pass`, its descriptor; `offer` its terms as subscriptionPurchaseOffer gives them) has the pass
 * as its one line and its subject, named by the descriptor's title: a pass has no categories and no date.
 */
export function invoiceDocument(
  kind: InvoiceDocument['kind'],
  reservationId: string,
  state: OpenedReservation,
  offer: PurchaseOffer,
  pass: SubscriptionDescriptor | null = null,
): InvoiceDocument {
  const { event, organizer } = offer;
  const language = documentLanguage(state, offer);
  const labels = documentLabels(language);
  const { price } = state;
  const { booking } = state;
  const money = (minor: number) => formatUnit(minor, price.currency);
  const date = (instant: Date) => formatDatePattern(instant, bundleFor(language)[DATE_PATTERN_KEY] ?? 'yyyy-MM-dd', language, event.timeZone);
  const issued = issuedAt(kind, state);
  const fallback = event.contentLanguages[0] ?? 'en';
  const passTitle = pass ? textIn(pass.title, language, fallback) : null;
  const categories = new Map<number, string>(passTitle !== null ? [[PASS_LINE, passTitle]] : offer.categories.map(({ category }) => [category.id, textIn(category.name, language, fallback)]));
  const services = new Map(offer.services.map(({ service }) => [service.id, textIn(service.title, language, fallback)]));
  const name = (row: PriceSummaryRow) =>
    (row.type === 'TICKET'
      ? categories.get(row.categoryId)
      : row.type === 'ADDITIONAL_SERVICE'
        ? services.get(row.serviceId)
        : row.type === 'APPLIED_SUBSCRIPTION'
          ? textIn(row.title, language, fallback)
          : row.code) ?? null;
  const rows = price.summary
    .filter((row) => row.type !== 'PROMOTION_CODE' || row.subtotal !== 0)
    .map((row) => ({ text: summaryRowText(row, { money, percent: (value) => formatPercent(value, 2), name }), vat: lineVat(summaryRowVatRule(row, price)) }));
  const billing = booking?.invoiceRequested ? booking.billing : null;
  const rates = price.vatSubtotals.filter((rate) => rate.vat !== 0);
  const method = state.payment?.method ?? 'NONE';
  const methodLabel = bundleFor(language)[paymentMethodLabelKeys[method as PaymentMethod] ?? ''] ?? method;
  // on-site orders are paid at the desk: the document says the money is still due
  const paidAt = state.payment?.proxy === 'ON_SITE' ? null : state.payment?.completedAt;
  return {
    kind,
    language,
    number: kind === 'invoice' ? (state.invoice?.number ?? null) : null,
    issuedOn: date(issued),
    reference: reservationId.slice(0, 8).toUpperCase(),
    seller: {
      name: organizer?.invoicing?.companyName ?? organizer?.name ?? event.displayName,
      address: organizer?.invoicing?.address ?? '',
      vatNumber: organizer?.invoicing?.vatNumber ?? null,
      email: organizer?.email ?? null,
    },
    buyer: {
      name: booking ? `${booking.contact.firstName} ${booking.contact.lastName}` : '',
      companyName: billing?.companyName ?? null,
      addressLines: billing
        ? [billing.addressLine1, billing.addressLine2, `${billing.zip} ${billing.city}`, billing.state, countryName(billing.country, language)].filter((line): line is string => Boolean(line?.trim()))
        : [],
      vatNumber: booking?.business && billing?.taxId ? billing.taxId : null,
      email: booking?.contact.email ?? '',
    },
    lines: rows.map(({ text, vat }) => ({ description: text.name ?? '', quantity: text.amount, unitPrice: text.price, vatPercentage: text.taxPercentage, total: text.subTotal, vat })),
    subtotals:
      rates.length === 0
        ? []
        : [
            { label: labels.subtotal, amount: money(price.totals.priceWithVat - price.totals.vat) },
            ...rates.map((rate) => ({ label: `${labels.vat} ${formatPercent(rate.vatRule.percentage, 2)} %`, amount: money(rate.vat) })),
          ],
    subject: passTitle ?? `${event.title[language] ?? event.displayName} · ${date(zonedInstant(event.start, event.timeZone))}`,
    total: money(price.totals.priceWithVat),
    currency: price.currency,
    payment: { method: methodLabel, paidOn: paidAt ? date(new Date(paidAt)) : null },
    createdAt: issued,
  };
}
