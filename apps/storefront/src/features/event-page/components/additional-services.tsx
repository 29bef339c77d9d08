import type { AdditionalService, EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { formatRate, Price, vatText } from '../../../components/price';
import { RichText } from '../../../components/rich-text';
import { useLocalized, useTranslate } from '../../i18n';

type EventPricing = Pick<EventWithAdditionalInfo, 'currency' | 'contentLanguages'>;

interface Props {
  readonly services: readonly AdditionalService[];
  readonly event: EventPricing;
}

/** Supplements and donations, each in its own section, read-only (choosing them belongs to the reservation). */
export function AdditionalServices({ services, event }: Props) {
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
              <ServiceItem key={s.id} service={s} event={event} />
            ))}
          </ul>
        </section>
      ) : null}
      {donations.length ? (
        <section className="event-section" aria-labelledby="donations-title">
          <h2 id="donations-title">{t('show-event.donations')}</h2>
          <ul className="service-list">
            {donations.map((s) => (
              <ServiceItem key={s.id} service={s} event={event} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

const PERCENTAGE_POLICIES = new Set(['MANDATORY_PERCENTAGE_FOR_TICKET', 'MANDATORY_PERCENTAGE_RESERVATION']);

function ServiceItem({ service: s, event }: { service: AdditionalService; event: EventPricing }) {
  const t = useTranslate();
  const localize = useLocalized();
  const percentage = s.supplementPolicy ? PERCENTAGE_POLICIES.has(s.supplementPolicy) : false;
  const unavailable = s.availableQuantity === 0 || s.saleInFuture || s.expired;
  const start = s.saleInFuture ? localize(s.formattedInception, event.contentLanguages) : '';
  return (
    <li className="service">
      <div className="service__main">
        <h3 className="service__name">{localize(s.title, event.contentLanguages)}</h3>
        {s.type === 'SUPPLEMENT' && s.supplementPolicy ? (
          <p className="service__policy">{t(`show-event.supplement-policy.${s.supplementPolicy}`, s.maxQtyPerOrder)}</p>
        ) : null}
        <RichText className="service__description" html={localize(s.description, event.contentLanguages)} />
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
        {unavailable ? (
          <p className="category__status">{start ? t('show-event.sales-not-started', start) : t('show-event.additional.not-available')}</p>
        ) : null}
      </div>
    </li>
  );
}
