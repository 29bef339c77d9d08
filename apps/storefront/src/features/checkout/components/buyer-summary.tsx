import type { ReservationInfo } from '../../../api/reservation-queries';
import type { Country } from '../../booking';
import { useTranslate } from '../../i18n';

interface Props {
  readonly info: ReservationInfo;
  readonly countries: readonly Country[];
  /** The edit button (back to the booking step); absent once expired. */
  readonly onEdit?: () => void;
  /** The request-invoice button, when an invoice may be asked for and was not. */
  readonly onRequestInvoice?: () => void;
  readonly busy: boolean;
  /** Embedded with hideContactData (spec 4): the contact is not shown. */
  readonly contactHidden?: boolean;
}

/** The overview's contact and invoice details (spec 2, Overview step), with edit or request-invoice. */
export function BuyerSummary({ info, countries, onEdit, onRequestInvoice, busy, contactHidden = false }: Props) {
  const t = useTranslate();
  const billing = info.billingDetails;
  const italian = billing.invoicingAdditionalInfo.italianEInvoicing;
  const country = countries.find((c) => c.isoCode === billing.country)?.name ?? billing.country ?? '';
  const address = [
    billing.companyName,
    billing.addressLine1,
    billing.addressLine2,
    [billing.zip, billing.city, billing.state].filter(Boolean).join(' '),
    country,
  ].filter((line): line is string => Boolean(line));
  const name = [info.firstName, info.lastName].filter(Boolean).join(' ');
  return (
    <section className="booking-section checkout-buyer" aria-labelledby="overview-buyer-heading">
      <h2 id="overview-buyer-heading">{t('reservation-page.your-details')}</h2>
      <dl className="checkout-details">
        {contactHidden ? null : (
          <>
            <dt>{t('common.full-name')}</dt>
            <dd>{name}</dd>
            <dt>{t('common.email')}</dt>
            <dd>{info.email}</dd>
          </>
        )}
        {info.invoiceRequested ? (
          <>
            <dt>{t('reservation-page.invoice-details')}</dt>
            <dd>
              {address.map((line, i) => (
                <span key={i} className="checkout-details__line">
                  {line}
                </span>
              ))}
            </dd>
            {billing.taxId ? (
              <>
                <dt>{t('reservation-page.vat-number', t('common.vat'))}</dt>
                <dd>{vatNumberOf(billing.country, billing.taxId)}</dd>
              </>
            ) : null}
            {italian?.fiscalCode ? (
              <>
                <dt>{t(billing.country === 'IT' ? 'invoice-fields.fiscalCode' : 'invoice-fields.tax-id')}</dt>
                <dd>{italian.fiscalCode}</dd>
              </>
            ) : null}
            {italian?.referenceType === 'ADDRESSEE_CODE' || italian?.referenceType === 'PEC' ? (
              <>
                <dt>{t(`invoice-fields.reference-type.${italian.referenceType}`)}</dt>
                <dd>{italian.referenceType === 'PEC' ? italian.pec : italian.addresseeCode}</dd>
              </>
            ) : null}
            {info.customerReference ? (
              <>
                <dt>{t('common.customer-reference')}</dt>
                <dd>{info.customerReference}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      <div className="checkout-buyer__actions">
        {onEdit ? (
          <button type="button" className="button button--secondary button--small" onClick={onEdit} disabled={busy}>
            {t('reservation-page.back-to-booking')}
          </button>
        ) : null}
        {onRequestInvoice ? (
          <button type="button" className="button button--secondary button--small" onClick={onRequestInvoice} disabled={busy}>
            {t('reservation-page.request-invoice')}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** The server keeps the VAT number without its country prefix (the booking form shows that prefix apart). */
function vatNumberOf(country: string | null, taxId: string): string {
  const prefix = country?.toUpperCase() ?? '';
  return prefix && !taxId.toUpperCase().startsWith(prefix) ? `${prefix}${taxId}` : taxId;
}
