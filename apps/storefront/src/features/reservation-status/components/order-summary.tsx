import type { ReservationInfo } from '../../../api/reservation-queries';
import { OrderSummaryTable } from '../../../components/order-summary-table';
import { useTranslate } from '../../i18n';

interface OrderSummaryProps {
  readonly summary: ReservationInfo['orderSummary'];
  readonly currency: string;
  /** The event's prices include VAT (the VAT line says "included"). */
  readonly vatIncluded: boolean;
  readonly headingId: string;
}

/** The order as the server priced it (OrderSummary, reference section 2), under its heading. */
export function OrderSummary({ summary, currency, vatIncluded, headingId }: OrderSummaryProps) {
  const t = useTranslate();
  return (
    <section className="reservation-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page.title')}</h2>
      <OrderSummaryTable summary={summary} currency={currency} vatIncluded={vatIncluded} />
    </section>
  );
}
