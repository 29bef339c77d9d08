import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { BOOK, checkoutApi, makeReservation, SHORT_NAME } from '../../checkout/checkout-fixtures';

// The invoice form's chunk as a slow connection brings it: when the test says so.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('./invoice-form', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const invoicing = {
  customerReferenceEnabled: false,
  enabledItalyEInvoicing: false,
  euVatCheckingEnabled: false,
  invoiceAllowed: true,
  onlyInvoice: false,
  userCanDownloadReceiptOrInvoice: true,
  vatNumberStrictlyRequired: false,
};

describe('the invoice form asked for before its chunk is there', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a placeholder in the billing section; the page, what was typed and the focus on the box stay', async () => {
    const { container } = renderApp(BOOK, checkoutApi(makeReservation(), {}, makeEvent(SHORT_NAME, { invoicingConfiguration: invoicing })));
    const contact = await screen.findByRole('region', { name: 'Your details' });
    fireEvent.change(within(contact).getByRole('textbox', { name: /First name/ }), { target: { value: 'Grace' } });
    const box = screen.getByRole('checkbox', { name: 'I need an invoice for this reservation' });
    box.focus();
    fireEvent.click(box);

    const billing = screen.getByRole('region', { name: 'Billing information' });
    await waitFor(() => expect(billing.querySelector('.part-placeholder')).not.toBeNull());
    expect(within(billing).queryByRole('textbox', { name: /Address line 1/ })).toBeNull();
    // nothing hidden: the step's heading, the contact form with its value, the box (ticked, focused)
    expect(screen.getByRole('heading', { level: 1, name: 'Contact details' })).toBeTruthy();
    expect((within(contact).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Grace');
    expect(screen.getByRole('checkbox', { name: 'I need an invoice for this reservation' })).toBe(document.activeElement);
    expect((box as HTMLInputElement).checked).toBe(true);

    chunk.arrive();
    expect(await within(billing).findByRole('textbox', { name: /Address line 1/ })).toBeTruthy();
    expect(container.querySelector('.part-placeholder')).toBeNull();
    expect(document.activeElement).toBe(box);
  });
});
