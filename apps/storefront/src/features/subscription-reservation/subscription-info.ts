import type { ReservationInfo } from '../../api/reservation-queries';
import type { Translate } from '../i18n';

/** The pass of a subscription order (reference section 2, SubscriptionInfo). */
export type SubscriptionInfo = NonNullable<ReservationInfo['subscriptionInfos']>[number];

/** Spec 6: the PIN is shown (once finalized) when the configuration is absent or displayPin is true. */
export const pinShown = (configuration: SubscriptionInfo['configuration'] | null | undefined): boolean => !configuration || configuration.displayPin;

/** Spec 2: the used count when above 0, the entries left when the pass counts them (absent: unlimited). */
export function usageTexts(t: Translate, usage: SubscriptionInfo['usageDetails']): string[] {
  const texts: string[] = [];
  if (usage.used === 1) texts.push(t('reservation-page-complete.subscription.usage.one'));
  else if (usage.used > 1) texts.push(t('reservation-page-complete.subscription.usage', usage.used));
  if (usage.available !== null && usage.available !== undefined) texts.push(t('reservation-page-complete.subscription.usage.available', usage.available));
  return texts;
}

type PassField = SubscriptionInfo['fieldConfigurationBeforeStandard'][number];

/**
 * A pass's extra fields with what was answered, labelled in `lang` (else a content language, else any), each value by
 * its description when it has one. The booking step's field model does the same for its inputs; it is not imported
 * here, so that the success page does not split it out of the checkout steps' chunk.
 */
export function answeredFields(
  pass: SubscriptionInfo,
  lang: string,
  contentLanguages: readonly { locale: string }[],
): { name: string; label: string; value: string }[] {
  const fields: readonly PassField[] = [...pass.fieldConfigurationBeforeStandard, ...pass.fieldConfigurationAfterStandard];
  return fields
    .map((field) => {
      const description =
        [lang, ...contentLanguages.map((l) => l.locale)].map((l) => field.description[l]).find(Boolean) ?? Object.values(field.description)[0];
      const saved = field.fields.length ? [...field.fields].sort((a, b) => a.fieldIndex - b.fieldIndex).map((f) => f.fieldValue) : [field.value];
      const values = saved.filter((v): v is string => typeof v === 'string' && v !== '').map((v) => description?.restrictedValuesDescription?.[v] || v);
      return { name: field.name, label: description?.label ?? field.name, value: values.join(', ') };
    })
    .filter((f) => f.value !== '');
}
