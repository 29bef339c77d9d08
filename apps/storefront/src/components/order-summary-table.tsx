import type { ReservationInfo } from '../api/reservation-queries';
import { useTranslate } from '../features/i18n';
import { formatRate } from './price';
import './order-summary-table.css';

interface Props {
  readonly summary: ReservationInfo['orderSummary'];
  readonly currency: string;
  /** Prices include the VAT (the VAT row then says 'included'). */
  readonly vatIncluded: boolean;
}

type Row = ReservationInfo['orderSummary']['summary'][number];

/**
 * A reservation's summary table (spec 2, 3), on the overview and on the pages after it: one row per summary
 * line (tickets, supplements, discounts, applied subscriptions), the VAT when it is shown, and the total.
 * Amounts are the server's formatted texts.
 */
export function OrderSummaryTable({ summary, currency, vatIncluded }: Props) {
  const t = useTranslate();
  const money = (amount: string) => `${amount} ${currency}`;
  const rows = summary.summary.filter((row) => row.type !== 'TAX_DETAIL');
  const label = (row: Row) => {
    if (row.type === 'DYNAMIC_DISCOUNT') return row.name ? `${t('summary.table.dynamic-discount')}: ${row.name}` : t('summary.table.dynamic-discount');
    if (row.type === 'APPLIED_SUBSCRIPTION') return t('summary.table.subscription', row.name ?? '');
    return row.name ?? '';
  };
  const showVat = summary.displayVat && !summary.free && summary.vatPercentage !== null;
  return (
    <table className="summary-table">
      <caption className="visually-hidden">{t('reservation-page.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('summary.table.description')}</th>
          <th scope="col" className="summary-table__number">
            {t('reservation-page.amount')}
          </th>
          <th scope="col" className="summary-table__number summary-table__price">
            {t('reservation-page.price')}
          </th>
          <th scope="col" className="summary-table__number">
            {t('reservation-page.subtotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${row.type}-${row.name ?? ''}-${i}`}>
            <th scope="row">{label(row)}</th>
            <td className="summary-table__number">{row.amount}</td>
            <td className="summary-table__number summary-table__price">{money(row.price)}</td>
            <td className="summary-table__number">{money(row.subTotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {showVat ? (
          <tr className="summary-table__vat">
            <th scope="row" colSpan={2}>
              {t(vatIncluded ? 'reservation-page.vat-included' : 'reservation-page.vat', formatRate(summary.vatPercentage ?? ''), t('common.vat'))}
            </th>
            <td className="summary-table__price" />
            <td className="summary-table__number">{money(summary.totalVAT)}</td>
          </tr>
        ) : null}
        <tr className="summary-table__total">
          <th scope="row" colSpan={2}>
            {t('reservation-page.total')}
          </th>
          {/* An empty price cell, not a wider span: the phone layout hides the price column. */}
          <td className="summary-table__price" />
          <td className="summary-table__number">{summary.free ? t('common.free') : money(summary.totalPrice)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
