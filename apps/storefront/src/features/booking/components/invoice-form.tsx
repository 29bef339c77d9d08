import { useTranslate } from '../../i18n';
import type { BookingFormPatch, BookingFormValues, ItalianReferenceType } from '../model/booking-form-values';
import { isItaly, ITALIAN_REFERENCE_TYPES, italianFieldsShown, italianReferenceTypePatch, skipVatOffered } from '../model/booking-form-values';
import type { BookingErrors } from '../model/field-names';
import { MAX_ADDRESSEE_CODE_LENGTH, MAX_CUSTOMER_REFERENCE_LENGTH, MAX_NAME_LENGTH, MAX_ZIP_LENGTH } from '../model/input-limits';
import { CheckboxField } from './checkbox-field';
import { CountryField } from './country-field';
import { describedBy, FieldErrorText, RequiredMark } from './field-parts';
import type { InvoiceSectionProps } from './invoice-section';
import { TextField } from './text-field';
import '../booking.css';

const ITALIAN_PROVINCE_LENGTH = 2;
const ITALIAN_ZIP_LENGTH = 5;

/** The billing data itself (spec 2, Invoice form): shown when an invoice is issued or asked for. */
export function InvoiceForm({ values, errors, onChange, invoicing, countries, vatLabel, nativeCountrySelect, id }: InvoiceSectionProps & { id: (field: string) => string }) {
  const t = useTranslate();
  const vat = vatLabel ?? t('common.vat');
  const business = values.addCompanyBillingDetails;
  const skipOffered = skipVatOffered(invoicing);
  const skipped = skipOffered && values.skipVatNr;
  // an Italian e-invoice (spec 4) names the province by its two-letter sigla and a five-digit postal code: the
  // booking rules ask for both, so the form says so before the buyer submits
  const italianAddress = italianFieldsShown(invoicing, values) && isItaly(values);
  const text = (field: keyof BookingFormValues & string, label: string, options: { required?: boolean; max: number; autoComplete?: string; type?: 'text' | 'email'; prefix?: string }) => (
    <TextField
      id={id(field)}
      name={field}
      label={label}
      value={String(values[field] ?? '')}
      error={errors[field]}
      required={options.required}
      maxLength={options.max}
      autoComplete={options.autoComplete}
      type={options.type}
      prefix={options.prefix}
      onChange={(value) => onChange({ [field]: value })}
    />
  );

  return (
    <div className="booking-invoice">
      <fieldset className="booking-choice">
        <legend>{t('invoice.type')}</legend>
        {([false, true] as const).map((isBusiness) => (
          <div key={String(isBusiness)} className="field field--checkbox">
            <input
              id={id(`addCompanyBillingDetails-${isBusiness}`)}
              type="radio"
              name="addCompanyBillingDetails"
              value={String(isBusiness)}
              checked={business === isBusiness}
              onChange={() => onChange({ addCompanyBillingDetails: isBusiness })}
            />
            <label htmlFor={id(`addCompanyBillingDetails-${isBusiness}`)}>{t(isBusiness ? 'invoice.type.business' : 'invoice.type.private')}</label>
          </div>
        ))}
      </fieldset>

      {business ? (
        <div className="booking-invoice__business">
          {text('billingAddressCompany', t('reservation-page.company-name'), { max: MAX_NAME_LENGTH, autoComplete: 'organization' })}
          {invoicing.customerReferenceEnabled
            ? text('customerReference', t('common.customer-reference'), { max: MAX_CUSTOMER_REFERENCE_LENGTH })
            : null}
          {!skipped
            ? text('vatNr', t('reservation-page.vat-number', vat), { required: true, max: MAX_NAME_LENGTH, prefix: values.vatCountryCode || undefined })
            : null}
          {skipOffered ? (
            <CheckboxField
              id={id('skipVatNr')}
              name="skipVatNr"
              label={t('reservation-page.skipVatNr', vat)}
              checked={values.skipVatNr}
              onChange={(checked) => onChange(checked ? { skipVatNr: true, vatNr: '' } : { skipVatNr: false })}
            />
          ) : null}
          {invoicing.enabledItalyEInvoicing ? (
            <CheckboxField
              id={id('italyEInvoicingSplitPayment')}
              name="italyEInvoicingSplitPayment"
              label={t('invoice-fields.split-payment')}
              checked={values.italyEInvoicingSplitPayment}
              onChange={(checked) => onChange({ italyEInvoicingSplitPayment: checked })}
            />
          ) : null}
        </div>
      ) : null}

      {text('billingAddressLine1', t('reservation-page.address-line-1'), { required: true, max: MAX_NAME_LENGTH, autoComplete: 'address-line1' })}
      {text('billingAddressLine2', t('reservation-page.address-line-2'), { max: MAX_NAME_LENGTH, autoComplete: 'address-line2' })}
      <div className="field-row">
        {text('billingAddressZip', t('reservation-page.zip-postal-code'), { required: true, max: italianAddress ? ITALIAN_ZIP_LENGTH : MAX_ZIP_LENGTH, autoComplete: 'postal-code' })}
        {text('billingAddressCity', t('reservation-page.city'), { required: true, max: MAX_NAME_LENGTH, autoComplete: 'address-level2' })}
      </div>
      {text('billingAddressState', t('reservation-page.state'), {
        required: italianAddress,
        max: italianAddress ? ITALIAN_PROVINCE_LENGTH : MAX_NAME_LENGTH,
        autoComplete: 'address-level1',
      })}
      <CountryField
        id={id('vatCountryCode')}
        name="vatCountryCode"
        label={t('reservation-page.country')}
        value={values.vatCountryCode}
        countries={countries}
        required
        error={errors['vatCountryCode']}
        native={nativeCountrySelect}
        onChange={(isoCode) => onChange({ vatCountryCode: isoCode })}
      />

      {italianFieldsShown(invoicing, values) ? (
        <>
          {text('italyEInvoicingFiscalCode', t(isItaly(values) ? 'invoice-fields.fiscalCode' : 'invoice-fields.tax-id'), {
            required: !skipped,
            max: MAX_NAME_LENGTH,
          })}
          {isItaly(values) ? <ItalianReference values={values} errors={errors} onChange={onChange} id={id} /> : null}
        </>
      ) : null}
    </div>
  );
}

interface ItalianReferenceProps {
  readonly values: BookingFormValues;
  readonly errors: BookingErrors;
  readonly onChange: (patch: BookingFormPatch) => void;
  readonly id: (field: string) => string;
}

/** Spec 2 and 4: how the e-invoice reaches an Italian customer; choosing one type clears the others' fields. */
function ItalianReference({ values, errors, onChange, id }: ItalianReferenceProps) {
  const t = useTranslate();
  const selectId = id('italyEInvoicingReferenceType');
  const error = errors['italyEInvoicingReferenceType'];
  const type = values.italyEInvoicingReferenceType;
  return (
    <>
      <div className="field">
        <label htmlFor={selectId}>
          {t('invoice-fields.reference-type')}
          <RequiredMark required />
        </label>
        <select
          id={selectId}
          name="italyEInvoicingReferenceType"
          required
          value={type ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${selectId}-error`)}
          onChange={(e) => onChange(italianReferenceTypePatch((e.target.value || null) as ItalianReferenceType | null))}
        >
          <option value="">{t('common.select')}</option>
          {ITALIAN_REFERENCE_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`invoice-fields.reference-type.${value}`)}
            </option>
          ))}
        </select>
        <FieldErrorText id={`${selectId}-error`} error={error} />
      </div>
      {type === 'ADDRESSEE_CODE' ? (
        <TextField
          id={id('italyEInvoicingReferenceAddresseeCode')}
          name="italyEInvoicingReferenceAddresseeCode"
          label={t('invoice-fields.addressee-code')}
          required
          maxLength={MAX_ADDRESSEE_CODE_LENGTH}
          value={values.italyEInvoicingReferenceAddresseeCode}
          error={errors['italyEInvoicingReferenceAddresseeCode']}
          onChange={(value) => onChange({ italyEInvoicingReferenceAddresseeCode: value })}
        />
      ) : null}
      {type === 'PEC' ? (
        <TextField
          id={id('italyEInvoicingReferencePEC')}
          name="italyEInvoicingReferencePEC"
          type="email"
          label={t('invoice-fields.pec')}
          required
          maxLength={MAX_NAME_LENGTH}
          value={values.italyEInvoicingReferencePEC}
          error={errors['italyEInvoicingReferencePEC']}
          onChange={(value) => onChange({ italyEInvoicingReferencePEC: value })}
        />
      ) : null}
    </>
  );
}
