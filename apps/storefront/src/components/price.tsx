import type { Translate } from '../features/i18n';
import { useTranslate } from '../features/i18n';

/** "7.70" -> "7.7", "8.00" -> "8": rates read better without trailing zeros. */
export function formatRate(rate: string | number): string {
  const text = String(rate).trim();
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** "incl. VAT at 7.7%" or "+ 7.7% VAT". */
export function vatText(t: Translate, rate: string | number, included: boolean): string {
  return t(included ? 'show-event.incVat' : 'show-event.excVat', formatRate(rate), t('common.vat'));
}

interface PriceProps {
  readonly free: boolean;
  /** Server-formatted amount ("10.00"). */
  readonly amount: string;
  /** The discounted amount when a discount applies; the original is then shown struck through. */
  readonly discounted?: string | null;
  readonly currency: string;
}

/** A price in the event's currency, "Free" when free, the original struck through when discounted. */
export function Price({ free, amount, discounted, currency }: PriceProps) {
  const t = useTranslate();
  if (free) return <span className="price">{t('common.free')}</span>;
  const full = `${amount} ${currency}`;
  if (!discounted) return <span className="price">{full}</span>;
  const reduced = `${discounted} ${currency}`;
  return (
    <span className="price price--discounted">
      <del className="price__original" aria-hidden="true">
        {full}
      </del>{' '}
      <strong className="price__final" aria-hidden="true">
        {reduced}
      </strong>
      <span className="visually-hidden">
        {t('show-event.category.original-price', full)}, {t('show-event.category.discounted-price', reduced)}
      </span>
    </span>
  );
}
