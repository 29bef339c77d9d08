import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { EventWithAdditionalInfo, ItemsByCategory } from '../../../api/catalog-queries';
import { useLanguage, useTranslate } from '../../i18n';
import { GlobalErrors } from '../components/global-errors';
import { ConsentCheckbox } from './consent-checkbox';
import { TextField } from './text-field';
import { useWaitingList } from './use-waiting-list';
import type { WaitingListErrors, WaitingListField, WaitingListValues } from './waiting-list-rules';
import { MAX_TEXT_LENGTH, validateWaitingList, WAITING_LIST_FIELDS, waitingListSubscription } from './waiting-list-rules';

interface Props {
  readonly shortName: string;
  readonly event: Pick<EventWithAdditionalInfo, 'contentLanguages' | 'termsAndConditionsUrl' | 'privacyPolicyUrl'>;
  readonly categories: ItemsByCategory['ticketCategoriesForWaitingList'];
}

/**
 * The waiting-list form (spec 3, 5): names, email, the category only when more than one is offered, the
 * language only when the event has more than one (else it is that one), terms, and privacy when the event has
 * a privacy policy. Checked before sending; the first invalid field takes the focus.
 */
export function WaitingListForm({ shortName, event, categories }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const id = useId();
  const languages = event.contentLanguages;
  const privacyUrl = event.privacyPolicyUrl ?? null;
  const [values, setValues] = useState<WaitingListValues>(() => ({
    firstName: '',
    lastName: '',
    email: '',
    selectedCategory: categories[0] ? String(categories[0].id) : '',
    userLanguage: languages.find((l) => l.locale === lang)?.locale ?? languages[0]?.locale ?? lang,
    termAndConditionsAccepted: false,
    privacyPolicyAccepted: false,
  }));
  const [errors, setErrors] = useState<WaitingListErrors>({});
  const list = useWaitingList(shortName);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const fieldId = (field: WaitingListField) => `${id}-${field}`;
  const shown: WaitingListErrors = { ...list.serverFieldErrors, ...errors };

  // The form goes away once sent: the outcome takes the focus so it is read, not lost.
  useEffect(() => {
    if (list.outcome) outcomeRef.current?.focus();
  }, [list.outcome]);

  const set = <K extends WaitingListField>(field: K, value: WaitingListValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An edit takes back the error of that field, the server's too, until the next submit.
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (list.pending) return;
    const found = validateWaitingList(values, { privacyRequired: privacyUrl !== null });
    setErrors(found);
    const first = WAITING_LIST_FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    list.submit(waitingListSubscription(values));
  };

  if (list.outcome) {
    return (
      <div ref={outcomeRef} tabIndex={-1} className="waiting-list__outcome">
        {list.outcome === 'complete' ? (
          <p className="notice notice--success" role="status">
            {t('show-event.sold-out.subscription-complete')}
          </p>
        ) : (
          <p className="alert alert--danger" role="alert">
            {t('show-event.sold-out.subscription-error')}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="waiting-list__form" noValidate onSubmit={onSubmit}>
      <p className="form-note">{t('common.required-fields.note')}</p>
      <GlobalErrors errors={list.serverErrors} />
      <div className="field-row">
        <TextField
          id={fieldId('firstName')}
          name="firstName"
          label={t('common.first-name')}
          autoComplete="given-name"
          maxLength={MAX_TEXT_LENGTH}
          value={values.firstName}
          error={shown.firstName}
          onChange={(v) => set('firstName', v)}
        />
        <TextField
          id={fieldId('lastName')}
          name="lastName"
          label={t('common.last-name')}
          autoComplete="family-name"
          maxLength={MAX_TEXT_LENGTH}
          value={values.lastName}
          error={shown.lastName}
          onChange={(v) => set('lastName', v)}
        />
      </div>
      <TextField
        id={fieldId('email')}
        name="email"
        type="email"
        label={t('common.email')}
        autoComplete="email"
        maxLength={MAX_TEXT_LENGTH}
        value={values.email}
        error={shown.email}
        onChange={(v) => set('email', v)}
      />
      {categories.length > 1 ? (
        <div className="field">
          <label htmlFor={fieldId('selectedCategory')}>{t('show-event.waiting-list.category')}</label>
          <select id={fieldId('selectedCategory')} name="selectedCategory" value={values.selectedCategory} onChange={(e) => set('selectedCategory', e.target.value)}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {languages.length > 1 ? (
        <div className="field">
          <label htmlFor={fieldId('userLanguage')}>
            {t('show-event.waiting-list.language')} <span aria-hidden="true">*</span>
          </label>
          <select
            id={fieldId('userLanguage')}
            name="userLanguage"
            required
            value={values.userLanguage}
            aria-invalid={shown.userLanguage ? true : undefined}
            aria-describedby={shown.userLanguage ? `${fieldId('userLanguage')}-error` : undefined}
            onChange={(e) => set('userLanguage', e.target.value)}
          >
            {languages.map((l) => (
              <option key={l.locale} value={l.locale} lang={l.locale}>
                {l.displayLanguage}
              </option>
            ))}
          </select>
          {shown.userLanguage ? (
            <p id={`${fieldId('userLanguage')}-error`} className="field-error">
              {t(shown.userLanguage.code, ...shown.userLanguage.args)}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConsentCheckbox
        id={fieldId('termAndConditionsAccepted')}
        name="termAndConditionsAccepted"
        messageKey="reservation-page.tc"
        linkTextKey="reservation-page.tc.link.text"
        href={event.termsAndConditionsUrl}
        checked={values.termAndConditionsAccepted}
        error={shown.termAndConditionsAccepted}
        onChange={(v) => set('termAndConditionsAccepted', v)}
      />
      {privacyUrl ? (
        <ConsentCheckbox
          id={fieldId('privacyPolicyAccepted')}
          name="privacyPolicyAccepted"
          messageKey="reservation-page.privacy"
          linkTextKey="reservation-page.privacy.link.text"
          href={privacyUrl}
          checked={values.privacyPolicyAccepted}
          error={shown.privacyPolicyAccepted}
          onChange={(v) => set('privacyPolicyAccepted', v)}
        />
      ) : null}
      {/* aria-disabled keeps the focus on the button while sending (see ReserveButton) */}
      <button type="submit" className="button" aria-disabled={list.pending || undefined} aria-busy={list.pending || undefined}>
        {list.pending ? <span className="spinner" aria-hidden="true" /> : null}
        {list.pending ? t('show-event.waiting-list.in-progress') : t('show-event.sold-out.subscribe')}
      </button>
    </form>
  );
}
