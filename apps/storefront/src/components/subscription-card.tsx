import { Link } from '@tanstack/react-router';
import { fileUrl } from '../api/catalog-queries';
import type { BasicSubscriptionDescriptorInfo } from '../api/catalog-queries';
import { pickLocalizedWithLanguage, useLanguage, useLocalized, useTranslate } from '../features/i18n';
import { Price } from './price';
import { subscriptionValidityText } from './subscription-validity';

interface Props {
  readonly subscription: BasicSubscriptionDescriptorInfo;
  readonly headingLevel: 2 | 3;
}

/** One subscription in a list: title (the card's link), price, validity and the end of its sale. */
export function SubscriptionCard({ subscription: s, headingLevel }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  // a title in another language than the page's says which, for screen readers
  const title = pickLocalizedWithLanguage(s.title, useLanguage(), s.contentLanguages);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const onSaleTo = s.formattedOnSaleTo ? localize(s.formattedOnSaleTo, s.contentLanguages) : '';
  return (
    <article className="card">
      {s.fileBlobId ? <img className="card__image" src={fileUrl(s.fileBlobId)} alt="" width={16} height={9} loading="lazy" decoding="async" /> : null}
      <div className="card__body">
        <Heading className="card__title">
          <Link className="card__link" to="/subscription/$id" params={{ id: s.id }} lang={title.lang}>
            {title.text}
          </Link>
        </Heading>
        <p className="card__price">
          <Price free={isZero(s.formattedPrice)} amount={s.formattedPrice} currency={s.currency} />
        </p>
        <p>{subscriptionValidityText(t, localize, s)}</p>
        {onSaleTo ? <p className="card__muted">{t('subscription.detail.on-sale-until', onSaleTo)}</p> : null}
      </div>
    </article>
  );
}

/** The list item has no `free` flag: a price that formats to zero is free. */
function isZero(formatted: string): boolean {
  return /^[^1-9]*$/.test(formatted);
}
