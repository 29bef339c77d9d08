import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { installRouteFocus } from '../../chrome/route-focus';
import { API, BOOK, checkoutApi, makeReservation, OVERVIEW, RESERVATION, SHORT_NAME } from '../checkout-fixtures';

const CONFIRM = `POST ${API}/reservation/${RESERVATION}`;
const validated = (overrides: Parameters<typeof makeReservation>[0] = {}) =>
  makeReservation({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', validatedBookingInformation: true, ...overrides });

/** The status the guard reads: PENDING until the confirm (or back-to-booking) call changes it. */
function statusAfter(state: { status: string; validated: boolean }) {
  return () => ({ status: state.status, validatedBookingInformation: state.validated });
}

const confirmButton = () => screen.getByRole('button', { name: /^Confirm/ }) as HTMLButtonElement;

describe('overview step (spec 2, step 3)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the summary with VAT and total, the buyer, and the ways to pay in the display order', async () => {
    renderApp(OVERVIEW, checkoutApi(validated()));
    const summary = await screen.findByRole('table', { name: 'Order summary' });
    const rows = within(summary).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['DescriptionQtyPriceSubtotal', 'Regular1100.00 CHF100.00 CHF', 'VAT at 7.7% included7.15 CHF', 'Total100.00 CHF']);
    expect(screen.getByRole('navigation', { name: 'Purchase progress' }).querySelector('[aria-current="step"]')?.textContent).toContain('Payment');
    const buyer = screen.getByRole('region', { name: 'Your details' });
    expect(within(buyer).getByText('Grace Hopper')).toBeTruthy();

    const methods = screen.getByRole('radiogroup', { name: 'Payment' });
    const radios = within(methods).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['Bank transfer', 'On-site payment']);
    expect(document.getElementById(radios[0]!.getAttribute('aria-describedby')!)!.textContent).toContain("You'll have 5 days to complete the payment");
    expect(methods.className).not.toContain('vertical');
  });

  it('enables confirm only with a method chosen and the terms (and the privacy policy) accepted', async () => {
    renderApp(OVERVIEW, checkoutApi(validated(), {}, makeEvent(SHORT_NAME, { privacyPolicyUrl: 'https://example.org/privacy' })));
    await screen.findByRole('radiogroup', { name: 'Payment' });
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    expect(confirmButton().disabled).toBe(true);
    const privacy = screen.getByRole('checkbox', { name: /privacy policy/ });
    expect(within(privacy.parentElement!).getByRole('link', { name: /privacy policy/ }).getAttribute('href')).toBe('https://example.org/privacy');
    fireEvent.click(privacy);
    expect(confirmButton().disabled).toBe(false);
  });

  it('confirms a bank transfer and goes to the waiting-payment page', async () => {
    const state = { status: 'PENDING', validated: true };
    const { requests, router } = renderApp(
      OVERVIEW,
      checkoutApi(validated(), {
        [`${API}/reservation/${RESERVATION}/status`]: statusAfter(state),
        [CONFIRM]: () => {
          state.status = 'OFFLINE_PAYMENT';
          return { success: true, value: { success: true, redirect: false, redirectUrl: null, failure: true, gatewayIdOrNull: null }, errorCount: 0, validationErrors: [], warnings: [] };
        },
      }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/waiting-payment`));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.url).toBe(`${API}/reservation/${RESERVATION}?lang=en`);
    expect(sent.body).toEqual({ paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', termAndConditionsAccepted: true, privacyPolicyAccepted: false, captcha: null });
  });

  it('confirms a free order without a way to pay, and goes to the success page', async () => {
    const state = { status: 'PENDING', validated: true };
    const free = validated({ activePaymentMethods: {} });
    const { requests, router } = renderApp(
      OVERVIEW,
      checkoutApi({ ...free, orderSummary: { ...free.orderSummary, free: true, totalPrice: '0.00', displayVat: false } }, {
        [`${API}/reservation/${RESERVATION}/status`]: statusAfter(state),
        [CONFIRM]: () => {
          state.status = 'COMPLETE';
          return { success: true, value: { success: true, redirect: false, redirectUrl: null, failure: true, gatewayIdOrNull: null }, errorCount: 0, validationErrors: [], warnings: [] };
        },
      }),
    );
    await screen.findByRole('table', { name: 'Order summary' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Purchase progress' }).textContent).toContain('Overview');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm registration' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/success`));
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ paymentProxy: 'NONE', selectedPaymentMethod: 'NONE' });
  });

  it("shows the server's refusal and lets the buyer try again", async () => {
    renderApp(
      OVERVIEW,
      checkoutApi(validated(), {
        [CONFIRM]: {
          status: 422,
          body: { success: false, value: null, errorCount: 1, warnings: [], validationErrors: [{ fieldName: 'paymentForm', code: 'error.STEP_2_TERMS_CONDITIONS', arguments: null }] },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'On-site payment' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('You must accept the terms and conditions.'))).toBe(true));
    expect(confirmButton().disabled).toBe(false);
  });

  it('goes to the not-found page when the reservation is gone meanwhile, instead of the unexpected error and a retry', async () => {
    const state = { gone: false };
    const { router } = renderApp(
      OVERVIEW,
      checkoutApi(validated(), {
        [`${API}/reservation/${RESERVATION}/status`]: () => (state.gone ? { status: 404 } : { status: 'PENDING', validatedBookingInformation: true }),
        [CONFIRM]: () => {
          state.gone = true;
          return { status: 404 };
        },
      }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'On-site payment' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/not-found`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation not found' })).toBeTruthy();
  });

  it('goes back to the booking step through back-to-booking, or asks for an invoice there', async () => {
    const state = { status: 'PENDING', validated: true };
    const event = makeEvent(SHORT_NAME, {
      invoicingConfiguration: { ...makeEvent(SHORT_NAME).invoicingConfiguration, invoiceAllowed: true },
    });
    const { requests, router } = renderApp(
      OVERVIEW,
      checkoutApi(
        validated(),
        {
          [`${API}/reservation/${RESERVATION}/status`]: statusAfter(state),
          [`POST ${API}/reservation/${RESERVATION}/back-to-booking`]: () => {
            state.validated = false;
            return true;
          },
        },
        event,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Request an invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BOOK));
    expect(router.state.location.href).toContain('requestInvoice=true');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([`${API}/reservation/${RESERVATION}/back-to-booking`]);
    expect(((await screen.findByRole('checkbox', { name: 'I need an invoice for this reservation' })) as HTMLInputElement).checked).toBe(true);
  });

  it('leaves the focus on the invoice section after Request an invoice, with route focus installed (it would take the step heading)', async () => {
    const event = makeEvent(SHORT_NAME, { invoicingConfiguration: { ...makeEvent(SHORT_NAME).invoicingConfiguration, invoiceAllowed: true } });
    const state = { status: 'PENDING', validated: true };
    const { router } = renderApp(
      OVERVIEW,
      checkoutApi(
        validated(),
        {
          [`${API}/reservation/${RESERVATION}/status`]: statusAfter(state),
          [`POST ${API}/reservation/${RESERVATION}/back-to-booking`]: () => {
            state.validated = false;
            return true;
          },
        },
        event,
      ),
    );
    const button = await screen.findByRole('button', { name: 'Request an invoice' });
    // Frames as a browser paces them (happy-dom runs them back to back: route focus's 120 would be over at once).
    vi.stubGlobal('requestAnimationFrame', (step: FrameRequestCallback) => setTimeout(() => step(performance.now()), 16));
    vi.stubGlobal('cancelAnimationFrame', (frame: number) => clearTimeout(frame));
    installRouteFocus(router);
    const scrolledIntoView = vi.fn();
    const { scrollIntoView } = HTMLElement.prototype;
    HTMLElement.prototype.scrollIntoView = scrolledIntoView;
    const scrolls = vi.spyOn(window, 'scrollTo');
    try {
      button.focus();
      fireEvent.click(button);
      await waitFor(() => expect(router.state.location.pathname).toBe(BOOK));
      const section = await screen.findByRole('region', { name: 'Billing information' });
      await waitFor(() => expect(document.activeElement).toBe(section));
      // route focus has had its frames (it takes the heading in the first frame that shows one, if the focus is free)
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(document.activeElement).toBe(section);
      // the section was scrolled to, and the router did not scroll the new page back to its top afterwards
      expect(scrolledIntoView.mock.contexts).toContain(section);
      expect(scrolls.mock.calls.filter(([options]) => typeof options === 'object' && (options as ScrollToOptions | null)?.top === 0)).toEqual([]);
    } finally {
      document.querySelectorAll('body > p[role="status"]').forEach((region) => region.remove());
      scrolls.mockRestore();
      HTMLElement.prototype.scrollIntoView = scrollIntoView;
    }
  });
});
