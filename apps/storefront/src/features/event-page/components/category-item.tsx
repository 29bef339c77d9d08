import type { EventWithAdditionalInfo, TicketCategory } from '../../../api/catalog-queries';
import { Price, vatText } from '../../../components/price';
import { RichText } from '../../../components/rich-text';
import type { Localize, Translate } from '../../i18n';
import { useLocalized, useTranslate } from '../../i18n';
import { isSelectable } from '../selection/selection-rules';
import { QuantitySelect } from './quantity-select';

interface Props {
  readonly category: TicketCategory;
  readonly event: Pick<EventWithAdditionalInfo, 'currency' | 'vat' | 'vatIncluded' | 'contentLanguages'>;
  /** Reloads the availability (shown for a category whose tickets are all held by pending orders). */
  readonly onRefresh?: () => void;
  /** The chosen quantity and its setter; without them (expired categories) the item is read-only. */
  readonly quantity?: { readonly value: number; readonly onChange: (quantity: number) => void };
}

/**
 * One ticket category: name, sale window, description, price with discount and tax, and either a quantity
 * select (0..maximumSaleableTickets, while on sale) or why there is none (sold out, held, not on sale yet).
 */
export function CategoryItem({ category: c, event, onRefresh, quantity }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const sale = saleText(t, localize, c, event.contentLanguages);
  // `localizedName` adds a name per content language to alf.io's single `name`.
  const name = localize(c.localizedName, event.contentLanguages) || c.name;
  return (
    <li className={`category${c.expired ? ' category--expired' : ''}`}>
      <div className="category__main">
        <h3 className="category__name">{name}</h3>
        {c.accessRestricted ? <p className="badge badge--restricted">{t('show-event.category.access-restricted')}</p> : null}
        {sale ? <p className="category__sale">{sale}</p> : null}
        <RichText className="category__description" html={localize(c.description, event.contentLanguages)} headingsUnder={3} />
      </div>
      <div className="category__side">
        <p className="category__price">
          <Price free={c.free} amount={c.formattedFinalPrice} discounted={c.hasDiscount ? c.formattedDiscountedPrice : null} currency={event.currency} />
        </p>
        {c.displayTaxInformation && !c.free ? <p className="category__tax">{vatText(t, event.vat, event.vatIncluded)}</p> : null}
        <Availability category={c} onRefresh={onRefresh} />
        {quantity && isSelectable(c) ? <QuantitySelect itemName={name} max={c.maximumSaleableTickets} value={quantity.value} onChange={quantity.onChange} /> : null}
      </div>
    </li>
  );
}

function Availability({ category: c, onRefresh }: { category: TicketCategory; onRefresh?: (() => void) | undefined }) {
  const t = useTranslate();
  if (c.expired) return null;
  if (c.saleableAndLimitNotReached) {
    return c.availableTickets != null && c.availableTickets > 0 ? (
      <p className="category__status">{t('show-event.tickets.left', c.availableTickets)}</p>
    ) : null;
  }
  if (c.containsPendingTickets) {
    return (
      <div className="category__status category__status--pending">
        <p>{t('show-event.category.all-tickets-reserved')}</p>
        {onRefresh ? (
          <button type="button" className="button button--secondary button--small" onClick={onRefresh}>
            {t('show-event.category.refresh')}
          </button>
        ) : null}
      </div>
    );
  }
  if (c.soldOutOrLimitReached) return <p className="badge badge--sold-out">{t('show-event.category.sold-out')}</p>;
  if (c.saleInFuture) return null; // the sale window above says when it starts
  return <p className="category__status">{t('common.not-available')}</p>;
}

/** 'Sales start …' for a future sale, 'Sales end …' while on sale, 'Sales ended …' once expired. */
function saleText(t: Translate, localize: Localize, c: TicketCategory, languages: readonly { locale: string }[]): string {
  if (c.expired) {
    const end = localize(c.formattedExpiration, languages);
    return end ? t('show-event.sales-ended', end) : '';
  }
  if (c.saleInFuture) {
    const start = localize(c.formattedInception, languages);
    return start ? t('show-event.sales-not-started', start) : '';
  }
  const end = localize(c.formattedExpiration, languages);
  return end ? t('show-event.sales-end', end) : '';
}
