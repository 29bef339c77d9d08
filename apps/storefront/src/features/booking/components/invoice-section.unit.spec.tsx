import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { COUNTRIES, invoicing, validForm } from '../booking-fixtures';
import type { BookingFormValues, InvoiceSettings } from '../model/booking-form-values';
import type { BookingErrors } from '../model/field-names';
import { InvoiceSection, preloadInvoiceForm } from './invoice-section';

interface Options {
  readonly initial?: Partial<BookingFormValues>;
  readonly settings?: Partial<InvoiceSettings>;
  readonly free?: boolean;
  readonly errors?: BookingErrors;
  readonly onValues?: (values: BookingFormValues) => void;
}

function Harness({ initial, settings, free = false, errors = {}, onValues }: Options) {
  const [values, setValues] = useState(validForm(initial));
  return (
    <InvoiceSection
      values={values}
      errors={errors}
      invoicing={invoicing(settings)}
      free={free}
      countries={COUNTRIES}
      nativeCountrySelect
      onChange={(patch) =>
        setValues((v) => {
          const next = { ...v, ...patch };
          onValues?.(next);
          return next;
        })
      }
    />
  );
}

// The form comes in a chunk of its own; loaded, it renders with the section (as on the page, which waits for it).
beforeAll(async () => {
  await preloadInvoiceForm();
});

const render = (options: Options = {}) => renderWithProviders(<Harness {...options} />);
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const queryTextbox = (name: string | RegExp) => screen.queryByRole('textbox', { name });
const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name });
const select = (name: string | RegExp) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

describe('invoice section (spec 2: Invoice)', () => {
  afterEach(cleanup);

  it('shows nothing for a free order', () => {
    const { container } = render({ free: true, settings: { onlyInvoice: true } });
    expect(container.innerHTML).toBe('');
  });

  it('with invoicing merely allowed, reveals the form with the invoiceRequested box', () => {
    render();
    expect(queryTextbox(/Address line 1/)).toBeNull();
    fireEvent.click(checkbox('I need an invoice for this reservation'));
    expect(textbox(/Address line 1/)).toBeTruthy();
  });

  it('with only invoicing allowed, always shows the form and no box', () => {
    render({ settings: { onlyInvoice: true } });
    expect(screen.queryByRole('checkbox', { name: 'I need an invoice for this reservation' })).toBeNull();
    expect(textbox(/Address line 1/)).toBeTruthy();
  });

  it('asks for the address of everyone: required line 1, zip, city, country; optional line 2 and state', () => {
    render({ initial: { invoiceRequested: true } });
    const required = (name: RegExp) => (textbox(name) as HTMLInputElement).required;
    expect([/Address line 1/, /ZIP/, /City/].map(required)).toEqual([true, true, true]);
    expect([/Address line 2/, /Province/].map(required)).toEqual([false, false]);
    expect(textbox(/ZIP/).getAttribute('maxlength')).toBe('50');
    expect(select(/^Country/).required).toBe(true);
    expect(textbox(/Address line 1/).getAttribute('autocomplete')).toBe('address-line1');
    expect(screen.getByRole('radio', { name: 'Private customer' })).toHaveProperty('checked', true);
    expect(queryTextbox(/Company name/)).toBeNull();
  });

  it('for a business: company, VAT number prefixed by the country code, and a skip-VAT box', () => {
    render({ initial: { invoiceRequested: true, vatCountryCode: 'DE' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Business customer' }));
    expect(textbox(/Company name/)).toBeTruthy();
    const vat = textbox(/VAT number/);
    expect((vat as HTMLInputElement).required).toBe(true);
    expect(document.getElementById(vat.getAttribute('aria-describedby')!)!.textContent).toBe('DE');
    expect(queryTextbox(/Purchase order/)).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Split payment|split payment/ })).toBeNull();

    fireEvent.click(checkbox("I don't have a VAT number"));
    expect(queryTextbox(/VAT number/)).toBeNull();
  });

  it('ticking skip-VAT clears the number; no skip box when the number is strictly required', () => {
    const onValues = vi.fn();
    render({ initial: { invoiceRequested: true, addCompanyBillingDetails: true, vatNr: '123' }, onValues });
    fireEvent.click(checkbox("I don't have a VAT number"));
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ skipVatNr: true, vatNr: '' }));
    cleanup();
    render({ initial: { invoiceRequested: true, addCompanyBillingDetails: true }, settings: { vatNumberStrictlyRequired: true } });
    expect(screen.queryByRole('checkbox', { name: "I don't have a VAT number" })).toBeNull();
  });

  it('names the tax by the purchase context and shows the customer reference when enabled', () => {
    renderWithProviders(
      <InvoiceSection
        values={validForm({ invoiceRequested: true, addCompanyBillingDetails: true })}
        errors={{}}
        invoicing={invoicing({ customerReferenceEnabled: true })}
        free={false}
        countries={COUNTRIES}
        vatLabel="MWST"
        nativeCountrySelect
        onChange={() => undefined}
      />,
    );
    expect(textbox(/MWST number/)).toBeTruthy();
    expect(textbox(/Purchase order/).getAttribute('maxlength')).toBe('50');
  });

  it('shows an error under its field', () => {
    render({ initial: { invoiceRequested: true }, errors: { billingAddressZip: { code: 'error.length', args: [5] } } });
    const zip = textbox(/ZIP/);
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)!.textContent).toBe('The value must be 5 characters long.');
  });
});

describe('invoice section: Italian e-invoicing (spec 2, 4)', () => {
  afterEach(cleanup);
  const italian = { enabledItalyEInvoicing: true };

  it('asks nothing Italian before a country is chosen, a tax id outside Italy, a fiscal code in Italy', () => {
    render({ initial: { invoiceRequested: true }, settings: italian });
    expect(queryTextbox(/Tax ID|Fiscal code/)).toBeNull();
    fireEvent.change(select(/^Country/), { target: { value: 'DE' } });
    expect((textbox(/Tax ID/) as HTMLInputElement).required).toBe(true);
    expect(screen.queryByRole('combobox', { name: /E-invoice delivery/ })).toBeNull();
    expect((textbox(/Province/) as HTMLInputElement).required).toBe(false);
    fireEvent.change(select(/^Country/), { target: { value: 'IT' } });
    expect(textbox(/Fiscal code/)).toBeTruthy();
    expect(select(/E-invoice delivery/).required).toBe(true);
    // an Italian e-invoice names the province (its two-letter sigla) and a five-digit postal code: asked as such, not found out on submit
    expect((textbox(/Province/) as HTMLInputElement).required).toBe(true);
    expect(textbox(/Province/).getAttribute('maxlength')).toBe('2');
    expect(textbox(/ZIP/).getAttribute('maxlength')).toBe('5');
  });

  it('makes the tax id optional once skip-VAT is ticked, and offers split payment to businesses', () => {
    render({ initial: { invoiceRequested: true, vatCountryCode: 'IT', addCompanyBillingDetails: true }, settings: italian });
    expect(checkbox(/split payment regime/)).toBeTruthy();
    fireEvent.click(checkbox("I don't have a VAT number"));
    expect((textbox(/Fiscal code/) as HTMLInputElement).required).toBe(false);
  });

  it('reveals the addressee code or the PEC by reference type, clearing the other', () => {
    const onValues = vi.fn();
    render({ initial: { invoiceRequested: true, vatCountryCode: 'IT' }, settings: italian, onValues });
    fireEvent.change(select(/E-invoice delivery/), { target: { value: 'ADDRESSEE_CODE' } });
    const code = textbox(/Addressee code/);
    expect(code.getAttribute('maxlength')).toBe('7');
    fireEvent.change(code, { target: { value: 'ABC1234' } });
    expect(queryTextbox(/PEC/)).toBeNull();

    fireEvent.change(select(/E-invoice delivery/), { target: { value: 'PEC' } });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferenceAddresseeCode: '' }));
    expect(textbox(/^PEC/).getAttribute('type')).toBe('email');
    fireEvent.change(textbox(/^PEC/), { target: { value: 'a@pec.it' } });

    fireEvent.change(select(/E-invoice delivery/), { target: { value: 'NONE' } });
    expect(onValues).toHaveBeenLastCalledWith(
      expect.objectContaining({ italyEInvoicingReferenceType: 'NONE', italyEInvoicingReferenceAddresseeCode: '', italyEInvoicingReferencePEC: '' }),
    );
    expect(queryTextbox(/^PEC/)).toBeNull();
    expect(queryTextbox(/Addressee code/)).toBeNull();
  });
});
