import { useEventSuspense, useTicketCategoriesSuspense } from '../../../api/catalog-queries';
import type { ReservationSearch } from '../../../app/search-params';
import { RichText } from '../../../components/rich-text';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalized, useTranslate } from '../../i18n';
import type { CodeState } from '../event-loaders';
import { useLazyParts } from '../../../app/lazy-part';
import { openingParts, promoCode, showsPromoCodeBox, showsWaitingList, waitingList, waitingRoom } from '../event-page-parts';
import type { ErrorMessage } from '../error-messages';
import { EventFacts } from './event-facts';
import { EventHeader } from './event-header';
import { TicketSelection } from './ticket-selection';

interface Props {
  readonly shortName: string;
  /** The loader's check of the address's `code`. */
  readonly codeState: CodeState;
  /** `?errors=` codes, shown as global errors. */
  readonly errors: readonly ErrorMessage[];
  /** The query parameters the booking step carries on (spec 2). */
  readonly carry: ReservationSearch;
}

/**
 * The event page of spec 2: header, facts, description, the selection (categories, supplements, donations,
 * promo code box, continue) and, when sales have not started or the event is sold out, the waiting list.
 */
export function EventPage({ shortName, codeState, errors, carry }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const event = useEventSuspense(shortName);
  const code = codeState.eventCode?.code;
  const items = useTicketCategoriesSuspense(shortName, code);
  const promoBox = showsPromoCodeBox(event, codeState);
  // The parts this event shows load together; the page's first render waits for them (the route's loader has loaded
  // them already, see openingParts).
  useLazyParts(...openingParts(event, items, codeState));
  const selection = (
    <TicketSelection
      shortName={shortName}
      event={event}
      items={items}
      code={codeState.eventCode}
      addressErrors={errors}
      carry={carry}
      promoBox={promoBox ? <promoCode.Part shortName={shortName} event={event} codeState={codeState} /> : null}
    />
  );

  const title = localize(event.title, event.contentLanguages) || event.displayName;
  useDocumentTitle(t('show-event.header.title', title));

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
          <RichText html={localize(event.description, event.contentLanguages)} headingsUnder={2} />
        </section>
        {event.waitingRoom ? (
          <waitingRoom.Part event={event}>
            {selection}
          </waitingRoom.Part>
        ) : (
          selection
        )}
        {showsWaitingList(items) ? <waitingList.Part shortName={shortName} event={event} items={items} /> : null}
      </div>
    </div>
  );
}
