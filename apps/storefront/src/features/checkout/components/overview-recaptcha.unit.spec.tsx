import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { fakeRecaptcha, removeFakeRecaptcha } from '../../../test/fake-recaptcha';
import { renderApp } from '../../../test/render-app';
import { API, checkoutApi, makeReservation, OVERVIEW, RESERVATION, SHORT_NAME } from '../checkout-fixtures';

const CONFIRM = `POST ${API}/reservation/${RESERVATION}`;
const confirmed = { success: true, value: { success: true, redirect: false, redirectUrl: null, failure: true, gatewayIdOrNull: null }, errorCount: 0, validationErrors: [], warnings: [] };
const captchaFailed = {
  status: 422,
  body: { success: false, value: null, errorCount: 1, warnings: [], validationErrors: [{ fieldName: 'paymentForm', code: 'error.STEP_2_CAPTCHA_VALIDATION_FAILED', arguments: null }] },
};
const offlineAsking = { captchaRequestedForOffline: true, recaptchaApiKey: 'site-key-o' };

/** A validated reservation paid by bank transfer or on site; the methods' parameters as the server gives them. */
const paid = (parameters: Record<string, unknown>) =>
  makeReservation({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.org',
    validatedBookingInformation: true,
    activePaymentMethods: {
      ON_SITE: { paymentProxy: 'ON_SITE', parameters },
      BANK_TRANSFER: { paymentProxy: 'OFFLINE', parameters: { delayForOfflinePayment: 5, ...parameters } },
    },
  });

function free() {
  const reservation = makeReservation({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', validatedBookingInformation: true, activePaymentMethods: {} });
  return { ...reservation, orderSummary: { ...reservation.orderSummary, free: true, totalPrice: '0.00', displayVat: false } };
}

const confirmBodies = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${API}/reservation/${RESERVATION}?`)).map((r) => r.body as { captcha?: unknown });
const captchaGroup = () => screen.queryByRole('group', { name: 'Security check' });

describe('reCAPTCHA on the overview (spec 3, 185)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    removeFakeRecaptcha();
  });

  it("shows the widget when the chosen method's parameters ask for it, and sends its token", async () => {
    const recaptcha = fakeRecaptcha();
    const { requests } = renderApp(OVERVIEW, checkoutApi(paid(offlineAsking), { [CONFIRM]: confirmed }));
    await screen.findByRole('radiogroup', { name: 'Payment' });
    expect(captchaGroup()).toBeNull(); // no method chosen yet
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer' }));
    const group = await screen.findByRole('group', { name: 'Security check' });
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    expect(recaptcha.widgets[0]!.sitekey).toBe('site-key-o');
    // between the ways to pay and the terms (spec 73)
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    expect(group.compareDocumentPosition(terms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Payment' }).compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => recaptcha.widgets[0]!.callback('token-o1'));
    fireEvent.click(terms);
    fireEvent.click(screen.getByRole('button', { name: /^Confirm/ }));
    await waitFor(() => expect(confirmBodies(requests)).toHaveLength(1));
    expect(confirmBodies(requests)[0]).toMatchObject({ paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', captcha: 'token-o1' });
  });

  it('shows the captcha error and resets the widget for a new answer', async () => {
    const recaptcha = fakeRecaptcha();
    const { requests } = renderApp(OVERVIEW, checkoutApi(paid(offlineAsking), { [CONFIRM]: captchaFailed }));
    fireEvent.click(await screen.findByRole('radio', { name: 'On-site payment' }));
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    await act(async () => recaptcha.widgets[0]!.callback('token-spent'));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Confirm/ }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('The security check failed. Please try again.'))).toBe(true));
    await waitFor(() => expect(recaptcha.resets).toEqual([0]));
    expect((screen.getByRole('button', { name: /^Confirm/ }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Confirm/ }));
    await waitFor(() => expect(confirmBodies(requests)).toHaveLength(2));
    expect(confirmBodies(requests).map((b) => b.captcha)).toEqual(['token-spent', null]);
  });

  it('shows none for a method that does not ask for it, or without a key', async () => {
    for (const parameters of [{ captchaRequestedForOffline: false, recaptchaApiKey: null }, { captchaRequestedForOffline: true, recaptchaApiKey: null }]) {
      const { requests } = renderApp(OVERVIEW, checkoutApi(paid(parameters), { [CONFIRM]: captchaFailed }));
      fireEvent.click(await screen.findByRole('radio', { name: 'Bank transfer' }));
      fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
      fireEvent.click(screen.getByRole('button', { name: /^Confirm/ }));
      await waitFor(() => expect(confirmBodies(requests)).toHaveLength(1));
      expect(captchaGroup()).toBeNull();
      expect(confirmBodies(requests)[0]).toMatchObject({ captcha: null });
      cleanup();
    }
  });

  it("shows the widget for a free order when the event's captcha configuration asks for it", async () => {
    const recaptcha = fakeRecaptcha();
    const event = makeEvent(SHORT_NAME, { captchaConfiguration: { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: true, recaptchaApiKey: 'site-key-f' } });
    const { requests } = renderApp(OVERVIEW, checkoutApi(free(), { [CONFIRM]: captchaFailed }, event));
    const group = await screen.findByRole('group', { name: 'Security check' });
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    expect(recaptcha.widgets[0]!.sitekey).toBe('site-key-f');
    expect(within(group).getByRole('button', { name: "I'm not a robot" })).toBeTruthy();
    await act(async () => recaptcha.widgets[0]!.callback('token-f1'));
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm registration' }));
    await waitFor(() => expect(confirmBodies(requests)).toHaveLength(1));
    expect(confirmBodies(requests)[0]).toMatchObject({ paymentProxy: 'NONE', captcha: 'token-f1' });
    cleanup();

    // the event asks only on ticket selection: the free order's overview shows none
    const selectionOnly = makeEvent(SHORT_NAME, { captchaConfiguration: { captchaForTicketSelection: true, captchaForOfflinePaymentAndFree: false, recaptchaApiKey: 'site-key-f' } });
    renderApp(OVERVIEW, checkoutApi(free(), {}, selectionOnly));
    await screen.findByRole('table', { name: 'Order summary' });
    expect(captchaGroup()).toBeNull();
  });
});
