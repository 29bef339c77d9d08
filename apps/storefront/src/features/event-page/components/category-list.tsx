import type { EventWithAdditionalInfo, ItemsByCategory } from '../../../api/catalog-queries';
import { useTranslate } from '../../i18n';
import type { Selection } from '../selection/selection-rules';
import { ticketQuantity } from '../selection/selection-rules';
import { CategoryItem } from './category-item';

interface Props {
  readonly items: ItemsByCategory;
  readonly event: EventWithAdditionalInfo;
  readonly onRefresh: () => void;
  readonly selection: Selection;
  readonly onQuantity: (categoryId: number, quantity: number) => void;
}

/** The categories on sale (or soon) with their quantity selects, the sales state, the expired ones collapsed. */
export function CategoryList({ items, event, onRefresh, selection, onQuantity }: Props) {
  const t = useTranslate();
  const allUnbounded = items.ticketCategories.every((c) => !c.bounded);
  const ticketsLeft = event.availableTicketsCount != null && event.availableTicketsCount > 0 && allUnbounded ? event.availableTicketsCount : null;
  const { preSales, soldOut } = salesState(items);
  return (
    <>
      {preSales ? <p className="notice notice--info">{t('show-event.pre-sales.header')}</p> : null}
      {soldOut ? <p className="notice notice--warning">{t('show-event.sold-out.header')}</p> : null}
      {ticketsLeft !== null ? <p className="tickets-left">{t('show-event.tickets.left', ticketsLeft)}</p> : null}
      {items.ticketCategories.length ? (
        <ul className="category-list">
          {items.ticketCategories.map((c) => (
            <CategoryItem
              key={c.id}
              category={c}
              event={event}
              onRefresh={onRefresh}
              quantity={{ value: ticketQuantity(selection, c), onChange: (n) => onQuantity(c.id, n) }}
            />
          ))}
        </ul>
      ) : null}
      {items.expiredCategories.length ? (
        <details className="expired-categories">
          <summary>{t('show-event.expired-categories')}</summary>
          <ul className="category-list">
            {items.expiredCategories.map((c) => (
              <CategoryItem key={c.id} category={c} event={event} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/**
 * The event's sales state. The server flags it when a waiting list is open (`waitingList` with `preSales`);
 * without a waiting list the categories still tell: every one of them sold out, or every one not on sale yet.
 */
export function salesState(items: ItemsByCategory): { preSales: boolean; soldOut: boolean } {
  const categories = items.ticketCategories;
  const all = (test: (c: ItemsByCategory['ticketCategories'][number]) => boolean) => categories.length > 0 && categories.every(test);
  const preSales = items.preSales || all((c) => c.saleInFuture);
  const soldOut = !preSales && (items.waitingList || all((c) => !c.saleableAndLimitNotReached && c.soldOutOrLimitReached));
  return { preSales, soldOut };
}
