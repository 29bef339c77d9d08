import type { EventWithAdditionalInfo, ItemsByCategory } from '../../../api/catalog-queries';
import { useTranslate } from '../../i18n';
import { showsWaitingList } from '../event-page-parts';
import { WaitingListForm } from './waiting-list-form';

interface Props {
  readonly shortName: string;
  readonly event: EventWithAdditionalInfo;
  readonly items: ItemsByCategory;
}

/** Spec 2: shown when sales have not started (pre-sales) or the event is sold out, as ticket-categories says. */
export function WaitingListSection({ shortName, event, items }: Props) {
  const t = useTranslate();
  if (!showsWaitingList(items)) return null;
  return (
    <section className="event-section waiting-list" aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title">{t('show-event.waiting-list.title')}</h2>
      <p>{t(items.preSales ? 'show-event.pre-sales.message' : 'show-event.sold-out.message')}</p>
      <WaitingListForm shortName={shortName} event={event} categories={items.ticketCategoriesForWaitingList} />
    </section>
  );
}
