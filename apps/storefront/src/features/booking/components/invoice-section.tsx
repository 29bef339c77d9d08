import { useEffect, useId, useRef, useState } from 'react';
import { lazyPart, partPlaceholder, useLazyParts } from '../../../app/lazy-part';
import { useTranslate } from '../../i18n';
import type { BookingFormPatch, BookingFormValues, InvoiceSettings } from '../model/booking-form-values';
import { invoiceFormShown, invoiceModeOf } from '../model/booking-form-values';
import type { BookingErrors } from '../model/field-names';
import { fieldDomId } from '../model/field-names';
import { CheckboxField } from './checkbox-field';
import type { Country } from './country-field';
import '../booking.css';

// Most buyers want no invoice: the form (with the Italian e-invoicing part) comes in a chunk of its own, loaded once
// the page is on screen and the browser idle (so it is there when the box is ticked, and the page's first load does
// not wait for it; the page waits for it when the form shows at once).
// A box ticked before the chunk is there shows a placeholder meanwhile; a chunk that does not load, a notice.
const invoiceForm = lazyPart(() => import('./invoice-form').then((m) => m.InvoiceForm), partPlaceholder);
/** Loads the invoice form's chunk: the section then renders it at once. */
export const preloadInvoiceForm = invoiceForm.preload;

export interface InvoiceSectionProps {
  readonly values: BookingFormValues;
  readonly errors: BookingErrors;
  readonly onChange: (patch: BookingFormPatch) => void;
  readonly invoicing: InvoiceSettings;
  /** A free order has no invoice form (the section renders nothing). */
  readonly free: boolean;
  readonly countries: readonly Country[];
  /** The tax's name in the purchase context ('VAT', 'MWST'...); the bundle's word by default. */
  readonly vatLabel?: string;
  /** `?requestInvoice`: the page ticks the box, and the section scrolls into view and takes the focus once. */
  readonly scrollIntoViewOnMount?: boolean;
  /** Force the native country select (true) or the searchable one (false); by viewport width otherwise. */
  readonly nativeCountrySelect?: boolean;
  readonly idPrefix?: string;
}

/** Spec 2, Invoice and Invoice form: every conditional part of the billing data. */
export function InvoiceSection(props: InvoiceSectionProps) {
  const { values, onChange, invoicing, free, scrollIntoViewOnMount } = props;
  const t = useTranslate();
  const generated = useId();
  const prefix = props.idPrefix ?? generated;
  const sectionRef = useRef<HTMLElement>(null);
  const mode = invoiceModeOf(invoicing, free);
  const formShown = invoiceFormShown(mode, values);
  // A new attempt mounts the form anew; the focus waits on the section meanwhile (the notice's button goes).
  const [attempt, setAttempt] = useState(0);
  useLazyParts(formShown && invoiceForm);

  // The focus too: the overview's Request an invoice button is gone with its page, and route focus, which would
  // put it on the step's heading at the top (scrolling back up), leaves a focus the page has taken.
  useEffect(() => {
    if (!scrollIntoViewOnMount) return;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    sectionRef.current?.focus({ preventScroll: true });
  }, [scrollIntoViewOnMount]);
  useEffect(() => {
    if (mode !== 'none') (window.requestIdleCallback ?? setTimeout)(() => void invoiceForm.preload());
  }, [mode]);

  if (mode === 'none') return null;
  const headingId = `${prefix}-invoice-heading`;
  const id = (field: string) => fieldDomId(prefix, field);
  return (
    <section ref={sectionRef} className="booking-section" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>{t('reservation-page.billing-address')}</h2>
      {mode === 'on-request' ? (
        <CheckboxField
          id={id('invoiceRequested')}
          name="invoiceRequested"
          label={t('reservation-page.i-need-an-invoice')}
          checked={values.invoiceRequested}
          onChange={(checked) => onChange({ invoiceRequested: checked })}
        />
      ) : null}
      {formShown ? (
        <invoiceForm.Part
          key={attempt}
          {...props}
          id={id}
          failed={
            <p className="field-error" role="alert">
              {t('error.network')}{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  invoiceForm.retry();
                  setAttempt(attempt + 1);
                  sectionRef.current?.focus();
                }}
              >
                {t('common.retry')}
              </button>
            </p>
          }
        />
      ) : null}
    </section>
  );
}
