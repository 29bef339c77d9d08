import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { getGetCountriesQueryOptions, successData } from '@ticketing/api-client';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useInfo } from '../../../api/app-queries';
import { lazyPart, partPlaceholder, useLazyParts } from '../../../app/lazy-part';
import type { User } from '../../../api/user-queries';
import { meQueryOptions } from '../../../api/user-queries';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { BookingErrors, BookingFormPatch, Country, FieldError } from '../../booking';
import { CheckboxField, ErrorSummary, fieldDomId, mapServerErrors, TextField, clearFieldErrorOn, useFocusFirstInvalid } from '../../booking';
import { useLanguage, useLocalized, useTranslate } from '../../i18n';
import { useToast } from '../../toast';
import { useSaveProfile } from '../hooks/use-save-profile';
import type { ProfileFormValues } from '../model/profile-form';
import { checkProfile, hasSavedBilling, profileFormOf } from '../model/profile-form';
import { DangerZone } from './danger-zone';
import '../account.css';

// The booking step's billing form, a chunk of its own there too: the profile shows it when invoicing is allowed.
const invoiceForm = lazyPart(() => import('../../booking/components/invoice-form').then((m) => m.InvoiceForm), partPlaceholder);
const NO_COUNTRIES: readonly Country[] = [];
const MAX_NAME_LENGTH = 255;

/** Spec 2, My profile (the route's loader let only a signed-in user in; signed out on the page, home). */
export function MyProfilePage() {
  const user = useSuspenseQuery(meQueryOptions()).data;
  return user ? <ProfileForm user={user} /> : <Navigate to="/" replace />;
}

/**
 * The names (required), the invoice form when invoicing is allowed, the additional data, Confirm and Home; then the
 * danger zone for users of an external provider (spec 6). Errors of the names are found before sending; the
 * server's 422 lands under the fields it names (or above them), the focus on the first; saved: a toast.
 */
function ProfileForm({ user }: { user: User }) {
  const t = useTranslate();
  const lang = useLanguage();
  const localize = useLocalized();
  const toast = useToast();
  const invoicing = useInfo().data?.invoicingConfiguration;
  const countries = useQuery({ ...getGetCountriesQueryOptions(lang), staleTime: Infinity, select: successData }).data ?? NO_COUNTRIES;
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormOf(user));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [globalErrors, setGlobalErrors] = useState<readonly FieldError[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const goToFirstError = useFocusFirstInvalid(formRef);
  const clearFieldError = clearFieldErrorOn(setErrors);
  const { save, pending } = useSaveProfile();
  const prefix = useId();
  useDocumentTitle(t('my-profile.title'));

  const onChange = (patch: BookingFormPatch) => setValues((v) => ({ ...v, ...patch }));
  const showErrors = (fields: BookingErrors, global: readonly FieldError[]) => {
    setErrors(fields);
    setGlobalErrors(global);
    if (Object.keys(fields).length > 0) goToFirstError();
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = checkProfile(values);
    if (Object.keys(found).length > 0) return showErrors(found, []);
    const outcome = await save(values);
    if (outcome.kind === 'saved') {
      showErrors({}, []);
      toast.success('my-profile.update.success');
      return;
    }
    const shown = Array.from(formRef.current?.elements ?? [], (el) => (el as HTMLInputElement).name).filter(Boolean);
    const mapped = mapServerErrors(outcome.errors, shown);
    showErrors(mapped.fields, mapped.global);
  };

  const additional = Object.entries(user.profile?.additionalData ?? {});
  // shown where the site invoices, and wherever the profile holds an address (a booking of an event that invoices
  // saved it): the user sees, corrects or removes what the next booking would be filled with
  const invoiceAllowed = Boolean(invoicing && (invoicing.invoiceAllowed || invoicing.onlyInvoice || hasSavedBilling(user)));
  useLazyParts(invoiceAllowed && values.invoiceRequested && invoiceForm);
  const detailsId = `${prefix}-details`;
  const invoiceId = `${prefix}-invoice-heading`;
  const additionalId = `${prefix}-additional`;
  return (
    <div className="account-page">
      <h1>{t('my-profile.title')}</h1>
      <p className="account-page__intro">{t('my-profile.description')}</p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearFieldError}>
        <section className="booking-section" aria-labelledby={detailsId}>
          <h2 id={detailsId}>{t('reservation-page.your-details')}</h2>
          <ErrorSummary globalErrors={globalErrors} hasFieldErrors={Object.keys(errors).length > 0} />
          <div className="field-row">
            {(['firstName', 'lastName'] as const).map((field) => (
              <TextField
                key={field}
                id={fieldDomId(prefix, field)}
                name={field}
                label={t(field === 'firstName' ? 'common.first-name' : 'common.last-name')}
                autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
                required
                maxLength={MAX_NAME_LENGTH}
                value={values[field]}
                error={errors[field]}
                onChange={(value) => onChange({ [field]: value })}
              />
            ))}
            <TextField id={fieldDomId(prefix, 'email')} name="email" label={t('common.email')} type="email" readOnly value={values.email} error={undefined} onChange={() => undefined} />
          </div>
        </section>
        {invoicing && invoiceAllowed ? (
          // on a profile the invoice address is always optional: the box opens it
          <section className="booking-section" aria-labelledby={invoiceId}>
            <h2 id={invoiceId}>{t('reservation-page.billing-address')}</h2>
            <CheckboxField
              id={fieldDomId(prefix, 'invoiceRequested')}
              name="invoiceRequested"
              label={t('storefront.my-profile.invoice-address')}
              checked={values.invoiceRequested}
              onChange={(checked) => onChange({ invoiceRequested: checked })}
            />
            {values.invoiceRequested ? (
              <invoiceForm.Part
                values={values}
                errors={errors}
                onChange={onChange}
                invoicing={{ ...invoicing, customerReferenceEnabled: false }}
                free={false}
                countries={countries}
                id={(field) => fieldDomId(`${prefix}-invoice`, field)}
              />
            ) : null}
          </section>
        ) : null}
        {additional.length > 0 ? (
          <section className="booking-section" aria-labelledby={additionalId}>
            <h2 id={additionalId}>{t('my-profile.additional-info')}</h2>
            {additional.map(([name, data]) => (
              <TextField
                key={name}
                id={fieldDomId(prefix, `additionalInfo-${name}`)}
                name={`additionalInfo[${name}]`}
                label={localize(data.label) || name}
                value={values.additionalInfo[name] ?? ''}
                error={errors[`additionalInfo[${name}]`]}
                onChange={(value) => setValues((v) => ({ ...v, additionalInfo: { ...v.additionalInfo, [name]: value } }))}
              />
            ))}
          </section>
        ) : null}
        <div className="account-actions">
          <button type="submit" className="button" aria-busy={pending || undefined}>
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('common.confirm')}
          </button>
          <Link to="/" className="button button--secondary">
            {t('topbar.home')}
          </Link>
        </div>
      </form>
      {user.external ? <DangerZone /> : null}
    </div>
  );
}
