import type { AdditionalService, EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { formatRate, Price, vatText } from '../../../components/price';
import { RichText } from '../../../components/rich-text';
import { useLocalized, useTranslate } from '../../i18n';
import type { Selection } from '../selection/selection-rules';
import { maxServiceQuantity, serviceMode, serviceQuantity } from '../selection/selection-rules';
import { DonationAmount } from './donation-amount';
import { QuantitySelect } from './quantity-select';

type EventPricing = Pick<EventWithAdditionalInfo, 'currency' | 'contentLanguages'>;

/** The selection and its setters; without it (nothing can be reserved now) the services are read-only. */
export interface ServiceChoice {
  readonly selection: Selection;
  /** Tickets chosen, for the per-ticket limits. */
  readonly ticketCount: number;
  readonly onQuantity: (serviceId: number, quantity: number) => void;
  readonly onAmount: (serviceId: number, amount: string) => void;
}

interface Props {
  readonly services: readonly AdditionalService[];
  readonly event: EventPricing;
  readonly choice?: ServiceChoice | undefined;
}

/** Supplements and donations, each in its own section, with the option rules of spec 5. */
export function AdditionalServices({ services, event, choice }: Props) {
  const t = useTranslate();
  const supplements = services.filter((s) => s.type === 'SUPPLEMENT');
  const donations = services.filter((s) => s.type === 'DONATION');
  return (
    <>
      {supplements.length ? (
        <section className="event-section" aria-labelledby="supplements-title">
          <h2 id="supplements-title">{t('show-event.additional-services')}</h2>
          <ul className="service-list">
            {supplements.map((s) => (
              <ServiceItem key={s.id} service={s} event={event} choice={choice} />
            ))}
          </ul>
        </section>
      ) : null}
      {donations.length ? (
        <section className="event-section" aria-labelledby="donations-title">
          <h2 id="donations-title">{t('show-event.donations')}</h2>
          <ul className="service-list">
            {donations.map((s) => (
              <ServiceItem key={s.id} service={s} event={event} choice={choice} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

const PERCENTAGE_POLICIES = new Set(['MANDATORY_PERCENTAGE_FOR_TICKET', 'MANDATORY_PERCENTAGE_RESERVATION']);

function ServiceItem({ service: s, event, choice }: { service: AdditionalService; event: EventPricing; choice: ServiceChoice | undefined }) {
  const t = useTranslate();
  const localize = useLocalized();
  const title = localize(s.title, event.contentLanguages);
  const percentage = s.supplementPolicy ? PERCENTAGE_POLICIES.has(s.supplementPolicy) : false;
  const mode = serviceMode(s);
  const start = s.saleInFuture ? localize(s.formattedInception, event.contentLanguages) : '';
  return (
    <li className="service">
      <div className="service__main">
        <h3 className="service__name">{title}</h3>
        {/* A mandatory one is booked with the tickets: its policy says how, and there is nothing to choose. */}
        {s.type === 'SUPPLEMENT' && s.supplementPolicy ? (
          <p className={`service__policy${mode === 'included' ? ' service__policy--included' : ''}`}>
            {mode === 'included' ? <span aria-hidden="true">✓ </span> : null}
            {t(`show-event.supplement-policy.${s.supplementPolicy}`, s.maxQtyPerOrder)}
          </p>
        ) : null}
        <RichText className="service__description" html={localize(s.description, event.contentLanguages)} headingsUnder={3} />
      </div>
      <div className="service__side">
        <p className="service__price">
          {percentage ? (
            <span className="price">{`${formatRate(s.formattedFinalPrice)}%`}</span>
          ) : !s.fixPrice ? (
            <span className="price">{t('storefront.donation.any-amount')}</span>
          ) : (
            <Price free={s.free} amount={s.formattedFinalPrice} discounted={s.hasDiscount ? s.formattedDiscountedPrice : null} currency={event.currency} />
          )}
        </p>
        {s.vatApplies && s.fixPrice && !s.free && !percentage ? <p className="service__tax">{vatText(t, s.vatPercentage, s.vatIncluded)}</p> : null}
        {mode === 'unavailable' ? (
          <p className="category__status">{start ? t('show-event.sales-not-started', start) : t('show-event.additional.not-available')}</p>
        ) : null}
        {choice && mode === 'quantity' ? (
          <QuantitySelect
            itemName={title}
            max={maxServiceQuantity(s, choice.ticketCount)}
            value={serviceQuantity(choice.selection, s, choice.ticketCount)}
            onChange={(n) => choice.onQuantity(s.id, n)}
          />
        ) : null}
        {choice && mode === 'amount' ? (
          <DonationAmount title={title} currency={event.currency} value={choice.selection.amounts[s.id] ?? ''} onChange={(text) => choice.onAmount(s.id, text)} />
        ) : null}
      </div>
    </li>
  );
}
