import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { EventCode, EventWithAdditionalInfo, ItemsByCategory } from '../../../api/catalog-queries';
import type { ReservationSearch } from '../../../app/search-params';
import type { RecaptchaHandle } from '../../../components/recaptcha/recaptcha-widget';
import { useTranslate } from '../../i18n';
import { additionalServices, captcha as captchaPart, showsAdditionalServices } from '../event-page-parts';
import { useRefreshCategories } from '../hooks/use-refresh-categories';
import { useReserve } from '../hooks/use-reserve';
import { useSelection } from '../hooks/use-selection';
import type { ErrorMessage } from '../error-messages';
import { isSelectable, reservationForm, ticketCount, ticketLines } from '../selection/selection-rules';
import { CategoryList } from './category-list';
import { DynamicDiscountMessage } from './dynamic-discount-message';
import { GlobalErrors } from './global-errors';
import { ReserveButton } from './reserve-button';

interface Props {
  readonly shortName: string;
  readonly event: EventWithAdditionalInfo;
  readonly items: ItemsByCategory;
  /** The code in force (its categories and prices are the ones shown). */
  readonly code: EventCode | null;
  /** `?errors=` codes of the address. */
  readonly addressErrors: readonly ErrorMessage[];
  /** Query parameters the booking step carries on. */
  readonly carry: ReservationSearch;
  /** The promo code box: between the donations and the continue button (spec 2), outside the form. */
  readonly promoBox: ReactNode;
}

const SELECT_AT_LEAST_ONE: ErrorMessage = { code: 'error.STEP_1_SELECT_AT_LEAST_ONE', args: [] };

/**
 * Spec 2, the selection part of the event page in its order: categories (expired ones collapsed), supplements,
 * donations, promo code box, automatic-discount message, errors and the continue button.
 */
export function TicketSelection({ shortName, event, items, code, addressErrors, carry, promoBox }: Props) {
  const t = useTranslate();
  const formId = useId();
  const { selection, setTickets, setQuantity, setAmount } = useSelection();
  const refresh = useRefreshCategories(shortName, code?.code);
  const reserve = useReserve(shortName, carry);
  const [nothingChosen, setNothingChosen] = useState(false);
  const lines = ticketLines(selection, items.ticketCategories);
  const canReserve = items.ticketCategories.some(isSelectable);
  const tickets = ticketCount(selection, items.ticketCategories);
  const chosen = lines.length > 0;
  useEffect(() => {
    // Once something is chosen, the reserve call and the booking step load ahead of the click (each once).
    if (chosen) reserve.prepare();
  }, [chosen]); // prepare is a new function each render: only the change of 'chosen' matters
  // Only the latest reason not to go on: a new choice clears the 'select at least one' hint.
  const errors = nothingChosen && lines.length === 0 ? [SELECT_AT_LEAST_ONE] : reserve.errors;
  // Spec 2: the captcha between the promo code box and the continue button, where the event asks for one.
  const { captchaForTicketSelection, recaptchaApiKey } = event.captchaConfiguration;
  const captcha = useRef<RecaptchaHandle>({ token: null });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (reserve.pending) return;
    if (lines.length === 0) {
      reserve.reset();
      setNothingChosen(true);
      return;
    }
    setNothingChosen(false);
    // The token (null without a widget) is verified once: whatever the answer (the captcha refused, or too few seats
    // after it passed), a next submit needs a new one, so the widget is reset as this one goes.
    void reserve.submit(reservationForm(selection, items, code?.code ?? null, captcha.current.token));
    captcha.current.reset?.();
  };

  return (
    <>
      <form id={formId} className="ticket-selection" noValidate onSubmit={onSubmit}>
        <section className="event-section" aria-labelledby="event-tickets-title">
          <h2 id="event-tickets-title">{t('show-event.tickets')}</h2>
          <GlobalErrors errors={addressErrors} />
          <CategoryList items={items} event={event} onRefresh={refresh} selection={selection} onQuantity={setTickets} />
        </section>
        {showsAdditionalServices(items) ? (
          <additionalServices.Part
            services={items.additionalServices}
            event={event}
            choice={canReserve ? { selection, ticketCount: tickets, onQuantity: setQuantity, onAmount: setAmount } : undefined}
          />
        ) : null}
      </form>
      {promoBox}
      {canReserve ? (
        <div className="reserve">
          <DynamicDiscountMessage shortName={shortName} event={event} lines={lines} code={code} />
          {captchaForTicketSelection && recaptchaApiKey ? <captchaPart.Part siteKey={recaptchaApiKey} handle={captcha} /> : null}
          <GlobalErrors errors={errors} />
          <ReserveButton form={formId} pending={reserve.pending} />
        </div>
      ) : null}
    </>
  );
}
