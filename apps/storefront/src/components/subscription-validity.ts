import type { BasicSubscriptionDescriptorInfo } from '../api/catalog-queries';
import type { Localize, Translate } from '../features/i18n';

type Validity = Pick<
  BasicSubscriptionDescriptorInfo,
  'validityType' | 'validityUnits' | 'validityTimeUnit' | 'usageType' | 'maxEntries' | 'formattedValidFrom' | 'formattedValidTo' | 'contentLanguages'
>;

/** How long and how a subscription can be used, in one sentence (spec 3, Subscription). */
export function subscriptionValidityText(t: Translate, localize: Localize, s: Validity): string {
  const usage = t(`subscription.usage-type.${s.usageType}`);
  if (s.validityType === 'STANDARD' && s.validityUnits && s.validityTimeUnit) {
    const unit = s.validityUnits === 1 ? `storefront.subscription.time-unit.${s.validityTimeUnit}.one` : `subscription.time-unit.${s.validityTimeUnit}`;
    return t('subscription.detail.validity.STANDARD.description', s.validityUnits, t(unit), usage);
  }
  if (s.validityType === 'CUSTOM' && s.formattedValidFrom && s.formattedValidTo) {
    const from = localize(s.formattedValidFrom, s.contentLanguages);
    const to = localize(s.formattedValidTo, s.contentLanguages);
    return `${t('subscription.detail.validity.CUSTOM.from')} ${from} ${t('subscription.detail.validity.CUSTOM.to')} ${to}. ${usage}`;
  }
  if (s.maxEntries != null && s.maxEntries > 0) return t('subscription.detail.validity.NOT_SET.description', s.maxEntries, usage);
  return usage;
}
