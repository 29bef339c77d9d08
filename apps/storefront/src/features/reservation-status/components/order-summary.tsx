import { formatRate } from '../../../components/price';
import type { ReservationInfo } from '../../../api/reservation-queries';
import { useTranslate } from '../../i18n';

interface OrderSummaryProps {
  readonly summary: ReservationInfo['orderSummary'];
  readonly currency: string;
  /** The event's prices include VAT (the VAT line says "included"). */
  readonly vatIncluded: boolean;
  readonly headingId: string;
}

/** The order as the server priced it (OrderSummary, reference section 2): rows, VAT, total. */
export function OrderSummary({ summary, currency, vatIncluded, headingId }: OrderSummaryProps) {
  const t = useTranslate();
  const money = (amount: string) => `${amount} ${currency}`;
  const showVat = summary.displayVat && !summary.free && summary.vatPercentage !== null && Number(summary.totalVAT) !== 0;
  return (
    <section className="reservation-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page.title')}</h2>
      <table className="reservation-order__table">
        <thead>
          <tr>
            <th scope="col">{t('summary.table.description')}</th>
            <th scope="col" className="reservation-order__number">
              {t('reservation-page.amount')}
            </th>
            <th scope="col" className="reservation-order__number reservation-order__price">
              {t('reservation-page.price')}
            </th>
            <th scope="col" className="reservation-order__number">
              {t('reservation-page.subtotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.summary.map((row, i) => (
            <tr key={`${row.type}-${i}`}>
              <th scope="row">{row.name ?? ''}</th>
              <td className="reservation-order__number">{row.amount}</td>
              <td className="reservation-order__number reservation-order__price">{row.price}</td>
              <td className="reservation-order__number">{row.subTotal}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {showVat ? (
            <tr>
              <th scope="row" colSpan={3}>
                {t(vatIncluded ? 'reservation-page.vat-included' : 'reservation-page.vat', formatRate(summary.vatPercentage ?? ''), t('common.vat'))}
              </th>
              <td className="reservation-order__number">{money(summary.totalVAT)}</td>
            </tr>
          ) : null}
          <tr className="reservation-order__total">
            <th scope="row" colSpan={3}>
              {t('reservation-page.total')}
            </th>
            <td className="reservation-order__number">{summary.free ? t('common.free') : money(summary.totalPrice)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
