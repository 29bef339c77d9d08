import { useId } from 'react';
import type { AdditionalField, BookingErrors, BookingFormPatch, BookingFormValues, Country, SubscriptionOwnerValues } from '../../booking';
import { AdditionalFieldInput, CheckboxField, fieldDomId, subscriptionOwnerAdditionalFieldName, subscriptionOwnerFieldName } from '../../booking';
import { TextField } from '../../booking/components/text-field';
import { MAX_NAME_LENGTH } from '../../booking/model/input-limits';
import { useTranslate } from '../../i18n';

export interface SubscriptionOwnerSectionProps {
  readonly values: BookingFormValues;
  readonly errors: BookingErrors;
  readonly onChange: (patch: BookingFormPatch) => void;
  /** The pass's extra fields (SubscriptionInfo.fieldConfigurationBeforeStandard / AfterStandard). */
  readonly fieldsBefore: readonly AdditionalField[];
  readonly fieldsAfter: readonly AdditionalField[];
  readonly contentLanguages: readonly { locale: string }[];
  readonly countries: readonly Country[];
  readonly now: number;
}

export const EMPTY_OWNER: SubscriptionOwnerValues = { firstName: '', lastName: '', email: '', additional: {} };

type OwnerField = 'firstName' | 'lastName' | 'email';

/**
 * Who a pass is for (spec 2, Booking step, "Subscriptions"): the buyer, shown read-only from the contact data,
 * unless 'different owner' is ticked; then the owner's first name, last name and e-mail. The pass's extra fields
 * come before and after, whoever the owner is. Names are the server's (`subscriptionOwner.email` ...), so its
 * refusals land under their fields.
 */
export function SubscriptionOwnerSection({
  values,
  errors,
  onChange,
  fieldsBefore,
  fieldsAfter,
  contentLanguages,
  countries,
  now,
}: SubscriptionOwnerSectionProps) {
  const t = useTranslate();
  const prefix = useId();
  const headingId = `${prefix}-owner-heading`;
  const owner = values.subscriptionOwner ?? EMPTY_OWNER;
  const different = values.differentSubscriptionOwner ?? false;
  const patchOwner = (patch: Partial<SubscriptionOwnerValues>) => onChange({ subscriptionOwner: { ...owner, ...patch } });

  const extra = (field: AdditionalField) => (
    <AdditionalFieldInput
      key={field.name}
      field={field}
      id={fieldDomId(prefix, subscriptionOwnerAdditionalFieldName(field.name))}
      nameAt={(index) => subscriptionOwnerAdditionalFieldName(field.name, index)}
      values={owner.additional[field.name] ?? []}
      onChange={(next) => patchOwner({ additional: { ...owner.additional, [field.name]: next } })}
      error={errors[subscriptionOwnerAdditionalFieldName(field.name)]}
      readOnly={false}
      contentLanguages={contentLanguages}
      countries={countries}
      now={now}
    />
  );
  const ownerInput = (field: OwnerField, label: string, autoComplete: string) => {
    const name = subscriptionOwnerFieldName(field);
    return (
      <TextField
        id={fieldDomId(prefix, name)}
        name={name}
        label={label}
        type={field === 'email' ? 'email' : 'text'}
        autoComplete={`section-owner ${autoComplete}`}
        required
        maxLength={MAX_NAME_LENGTH}
        value={owner[field]}
        error={errors[name]}
        onChange={(value) => patchOwner({ [field]: value })}
      />
    );
  };
  const buyer = [values.firstName, values.lastName].filter(Boolean).join(' ');

  return (
    <section className="booking-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page.subscription-owner')}</h2>
      {fieldsBefore.map(extra)}
      <CheckboxField
        id={`${prefix}-different-owner`}
        name="differentSubscriptionOwner"
        label={t('reservation-page.subscription.different-owner')}
        checked={different}
        onChange={(checked) => onChange({ differentSubscriptionOwner: checked, subscriptionOwner: owner })}
      />
      {different ? (
        <div className="field-row">
          {ownerInput('firstName', t('common.first-name'), 'given-name')}
          {ownerInput('lastName', t('common.last-name'), 'family-name')}
          {ownerInput('email', t('common.email'), 'email')}
        </div>
      ) : (
        <p className="booking-owner-is-buyer">{buyer || values.email ? t('reservation-page.subscription.owner-is-buyer', buyer, values.email) : null}</p>
      )}
      {fieldsAfter.map(extra)}
    </section>
  );
}
