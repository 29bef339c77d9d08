import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { fakeRecaptcha, removeFakeRecaptcha } from '../../../test/fake-recaptcha';
import { makeReservation } from '../../checkout/checkout-fixtures';
import { renderApp } from '../../../test/render-app';

const API = '/api/v2/public/event/concert';
type CaptchaConfiguration = EventWithAdditionalInfo['captchaConfiguration'];

const RESERVATION_ID = '4b7e2f8a-1c3d-4e5f-9a0b-1c2d3e4f5a6b';
const reserved = { success: true, errorCount: 0, validationErrors: [], value: RESERVATION_ID, warnings: [] };
const captchaFailed = {
  status: 422,
  body: { success: false, value: null, errorCount: 1, warnings: [], validationErrors: [{ fieldName: 'reservationForm', code: 'error.STEP_2_CAPTCHA_VALIDATION_FAILED', arguments: null }] },
};
const asking: CaptchaConfiguration = { captchaForTicketSelection: true, captchaForOfflinePaymentAndFree: false, recaptchaApiKey: 'site-key-r' };

function open(reserve: (url: URL, request: FakeRequest) => unknown, captchaConfiguration: CaptchaConfiguration = asking) {
  return renderApp('/event/concert', {
    [API]: makeEvent('concert', { captchaConfiguration }),
    [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
    [`POST ${API}/check-discount`]: { status: 204 },
    [`POST ${API}/reserve-tickets`]: reserve,
    // the booking step the reserve lands on: its status guard and the reservation
    [`/api/v2/public/reservation/${RESERVATION_ID}/status`]: { status: 'PENDING', validatedBookingInformation: false },
    [`/api/v2/public/reservation/${RESERVATION_ID}`]: makeReservation({ id: RESERVATION_ID, shortId: RESERVATION_ID.slice(0, 8).toUpperCase() }),
  });
}

async function chooseOneTicket() {
  await screen.findByRole('heading', { level: 1 });
  fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
}

const reserveBodies = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.includes('/reserve-tickets')).map((r) => r.body as { captcha?: unknown });

describe('reCAPTCHA on the ticket selection (spec 2, public-api 1.4)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    removeFakeRecaptcha();
  });

  it('shows the widget in a labelled group before the continue button and sends its token', async () => {
    const recaptcha = fakeRecaptcha();
    const { requests, router } = open(() => reserved);
    await chooseOneTicket();
    const group = await screen.findByRole('group', { name: 'Security check' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-describedby')!)!.textContent).toBe('Please complete the security check to continue.');
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    expect(recaptcha.widgets[0]!.sitekey).toBe('site-key-r');
    expect(within(group).getByRole('button', { name: "I'm not a robot" })).toBeTruthy();
    // in the page's order: the widget, then the continue button
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(group.compareDocumentPosition(continueButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => recaptcha.widgets[0]!.callback('token-r1'));
    fireEvent.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    expect(reserveBodies(requests)).toEqual([expect.objectContaining({ captcha: 'token-r1', reservation: [{ ticketCategoryId: 1, amount: 1 }] })]);
  });

  it("shows the captcha error in the page's language and resets the widget for a new answer", async () => {
    const recaptcha = fakeRecaptcha();
    const answers = [captchaFailed, captchaFailed, reserved];
    const { requests, router } = open(() => answers.shift());
    await chooseOneTicket();
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    await act(async () => recaptcha.widgets[0]!.callback('token-spent'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('The security check failed. Please try again.'))).toBe(true));
    await waitFor(() => expect(recaptcha.resets).toEqual([0]));
    // the spent token is gone: without a new answer the form sends none
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(reserveBodies(requests)).toHaveLength(2));
    expect(reserveBodies(requests).map((b) => b.captcha)).toEqual(['token-spent', null]);
    await act(async () => recaptcha.widgets[0]!.callback('token-r2'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    expect(reserveBodies(requests).map((b) => b.captcha)).toEqual(['token-spent', null, 'token-r2']);
  });

  it('drops an expired answer', async () => {
    const recaptcha = fakeRecaptcha();
    const { requests } = open(() => captchaFailed);
    await chooseOneTicket();
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    await act(async () => recaptcha.widgets[0]!.callback('token-old'));
    await act(async () => recaptcha.widgets[0]!['expired-callback']!());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(reserveBodies(requests)).toEqual([expect.objectContaining({ captcha: null })]));
  });

  it('shows no widget and loads no script where the event asks for no captcha, or has no key', async () => {
    for (const configuration of [
      { captchaForTicketSelection: false, captchaForOfflinePaymentAndFree: true, recaptchaApiKey: 'site-key-r' },
      { captchaForTicketSelection: true, captchaForOfflinePaymentAndFree: false, recaptchaApiKey: null },
    ]) {
      const { requests, router } = open(() => reserved, configuration);
      await chooseOneTicket();
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
      expect(screen.queryByRole('group', { name: 'Security check' })).toBeNull();
      expect(document.head.querySelector('script[src*="recaptcha"]')).toBeNull();
      expect(reserveBodies(requests)).toEqual([expect.objectContaining({ captcha: null })]);
      cleanup();
    }
  });

  /** Catches the script elements on their way into the page (they never reach the network here). */
  function catchScripts() {
    const scripts: HTMLScriptElement[] = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (!(node instanceof HTMLScriptElement)) return append(node);
      scripts.push(node);
      return node;
    });
    return scripts;
  }

  it("loads Google's script when the widget shows, from where the page names it, in the page's language", async () => {
    const meta = document.createElement('meta');
    meta.name = 'recaptcha-script';
    meta.content = 'http://127.0.0.1:4173/recaptcha/api.js';
    document.head.appendChild(meta);
    const scripts = catchScripts();
    open(() => reserved);
    await chooseOneTicket();
    const group = await screen.findByRole('group', { name: 'Security check' });
    await waitFor(() => expect(scripts).toHaveLength(1));
    const src = new URL(scripts[0]!.src);
    expect(`${src.origin}${src.pathname}`).toBe('http://127.0.0.1:4173/recaptcha/api.js');
    expect(Object.fromEntries(src.searchParams)).toEqual({ render: 'explicit', onload: 'alfioRecaptchaLoaded', hl: 'en' });
    expect(within(group).getByRole('status').textContent).toContain('Loading');

    // the script arrives: its API is there, it calls back, the widget renders
    const recaptcha = fakeRecaptcha();
    await act(async () => (window as unknown as Record<string, () => void>)['alfioRecaptchaLoaded']!());
    await waitFor(() => expect(recaptcha.widgets).toHaveLength(1));
    expect(within(group).queryByRole('status')).toBeNull();
  });

  it('says the check is unavailable when the script cannot load', async () => {
    const scripts = catchScripts();
    open(() => reserved);
    await chooseOneTicket();
    await waitFor(() => expect(scripts).toHaveLength(1));
    expect(new URL(scripts[0]!.src).origin + new URL(scripts[0]!.src).pathname).toBe('https://www.google.com/recaptcha/api.js');
    await act(async () => scripts[0]!.dispatchEvent(new Event('error')));
    const group = screen.getByRole('group', { name: 'Security check' });
    expect((await within(group).findByRole('alert')).textContent).toBe('The security check failed. Please try again.');
  });
});
