import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { BOOK, checkoutApi, makeReservation, SHORT_NAME } from '../../checkout/checkout-fixtures';

// The invoice form's chunk does not load the first time (a dropped connection), and loads when asked again.
const attempts = vi.hoisted(() => ({ count: 0 }));
vi.mock('./invoice-form', async (importOriginal) => {
  attempts.count += 1;
  if (attempts.count === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/invoice-form-old.js');
  return importOriginal();
});

const ROUTE_ERROR = 'An unexpected error has occurred. Please report the problem to the organizers.';
const onlyInvoice = {
  customerReferenceEnabled: false,
  enabledItalyEInvoicing: false,
  euVatCheckingEnabled: false,
  invoiceAllowed: true,
  onlyInvoice: true,
  userCanDownloadReceiptOrInvoice: true,
  vatNumberStrictlyRequired: false,
};

describe('the invoice form whose chunk does not load', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says so in the billing section, keeps the step (not the error page) and loads it again on request', async () => {
    renderApp(BOOK, checkoutApi(makeReservation(), {}, makeEvent(SHORT_NAME, { invoicingConfiguration: onlyInvoice })));
    const contact = await screen.findByRole('region', { name: 'Your details' });
    fireEvent.change(within(contact).getByRole('textbox', { name: /First name/ }), { target: { value: 'Grace' } });

    const billing = screen.getByRole('region', { name: 'Billing information' });
    const notice = await within(billing).findByRole('alert');
    expect(attempts.count).toBe(1);
    expect(notice.textContent).toContain('The server cannot be reached. Check your connection and try again.');
    expect(within(billing).queryByRole('textbox', { name: /Address line 1/ })).toBeNull();
    expect(screen.queryByText(ROUTE_ERROR)).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    // the button goes with the notice: the focus waits on the section, not on the body
    expect(document.activeElement).toBe(billing);
    expect(await within(billing).findByRole('textbox', { name: /Address line 1/ })).toBeTruthy();
    expect(within(billing).queryByRole('alert')).toBeNull();
    expect((within(contact).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Grace');
    expect(attempts.count).toBe(2);
  });
});
