import { useEventSuspense, useTicketCategoriesSuspense } from '../../../api/catalog-queries';
import { RichText } from '../../../components/rich-text';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalized, useTranslate } from '../../i18n';
import type { CodeState } from '../event-loaders';
import { usePromoCode } from '../hooks/use-promo-code';
import { useRefreshCategories } from '../hooks/use-refresh-categories';
import { AdditionalServices } from './additional-services';
import { CategoryList } from './category-list';
import { EventFacts } from './event-facts';
import { EventHeader } from './event-header';
import { GlobalErrors } from './global-errors';
import { PromoCodeBox } from './promo-code-box';

interface Props {
  readonly shortName: string;
  /** The loader's check of the address's `code`. */
  readonly codeState: CodeState;
  /** `?errors=` codes, shown as global errors. */
  readonly errors: readonly string[];
}

/**
 * The event page of spec 2, read-only: header, facts, description, categories (expired ones collapsed),
 * supplements and donations, promo code box. Choosing quantities and reserving come with the next issue.
 */
export function EventPage({ shortName, codeState, errors }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const event = useEventSuspense(shortName);
  const code = codeState.eventCode?.code;
  const items = useTicketCategoriesSuspense(shortName, code);
  const promo = usePromoCode(shortName);
  const refresh = useRefreshCategories(shortName, code);

  const title = localize(event.title, event.contentLanguages) || event.displayName;
  useDocumentTitle(t('show-event.header.title', title));
  const showPromoBox = event.promotionsConfiguration?.hasAccessPromotions || codeState.eventCode !== null || codeState.codeError !== null;

  return (
    <div className="event-page">
      <EventHeader event={event} title={title} />
      <EventFacts event={event} />
      <div className="event-page__content">
        <section className="event-section" aria-labelledby="event-description-title">
          {/* The organizer's description brings its own headings; this one names the section for screen readers. */}
          <h2 id="event-description-title" className="visually-hidden">
            {t('event.description')}
          </h2>
          <RichText html={localize(event.description, event.contentLanguages)} />
        </section>
        <section className="event-section" aria-labelledby="event-tickets-title">
          <h2 id="event-tickets-title">{t('show-event.tickets')}</h2>
          <GlobalErrors codes={errors} />
          <CategoryList items={items} event={event} onRefresh={refresh} />
          {showPromoBox ? (
            <PromoCodeBox
              applied={codeState.eventCode}
              error={promo.error === undefined ? codeState.codeError : promo.error}
              partner={event.promotionsConfiguration?.usePartnerCode ?? false}
              currency={event.currency}
              pending={promo.pending}
              onApply={promo.apply}
              onRemove={() => void promo.remove()}
            />
          ) : null}
        </section>
        <AdditionalServices services={items.additionalServices} event={event} />
      </div>
    </div>
  );
}
