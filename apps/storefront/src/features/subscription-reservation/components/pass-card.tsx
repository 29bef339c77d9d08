import type { ReactNode } from 'react';
import { useId } from 'react';
import { useLanguage, useTranslate } from '../../i18n';
import type { SubscriptionInfo } from '../subscription-info';
import { answeredFields } from '../subscription-info';

interface Props {
  readonly title: string;
  readonly pass: SubscriptionInfo;
  readonly contentLanguages: readonly { locale: string }[];
  /** Usage and codes, under the owner. */
  readonly children?: ReactNode;
}

/** Spec 2: the subscription card, with its owner and the answers to its fields. */
export function SubscriptionCard({ title, pass, contentLanguages, children }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const headingId = useId();
  const owner = [pass.owner.firstName, pass.owner.lastName].filter(Boolean).join(' ');
  const answered = answeredFields(pass, lang, contentLanguages);
  return (
    <section className="reservation-section subscription-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page-complete.subscription')}</h2>
      <p className="subscription-card__title">{title}</p>
      <dl className="subscription-card__facts">
        <div>
          <dt>{t('reservation-page-complete.subscription.owner')}</dt>
          <dd>
            {owner}
            {pass.owner.email ? <span className="subscription-card__email">{pass.owner.email}</span> : null}
          </dd>
        </div>
        {answered.map((field) => (
          <div key={field.name}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
