import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { FORCE_CHECK_EVERY_POLLS, forceChecksOn, PROCESSING_POLL_MS, warnsAfter, WARNING_AFTER_POLLS } from '../processing/processing-poll';
import { makeReservation, RESERVATION_ID } from '../reservation-fixtures';

const EVENT = 'jazz-2027';
const PAGE = `/event/${EVENT}/reservation/${RESERVATION_ID}`;
const INFO = `/api/v2/public/reservation/${RESERVATION_ID}`;
const STATUS = `${INFO}/status`;
const FORCE_CHECK = `${INFO}/transaction/force-check`;

const processing = makeReservation({ status: 'EXTERNAL_PROCESSING_PAYMENT', paid: false, tokenAcquired: true, paymentProxy: 'STRIPE' });
const pending = { success: false, successful: false, failed: false, initialized: false, redirect: false, redirectUrl: null, gatewayIdOrNull: 'pi_1' };

/** The server of one reservation whose status the test moves; counts the status reads and force-checks. */
function server(initial = 'EXTERNAL_PROCESSING_PAYMENT', forceCheck: () => unknown = () => pending) {
  const state = { status: initial, statusReads: 0, forceChecks: 0 };
  const routes = {
    [`/api/v2/public/event/${EVENT}`]: makeEvent(EVENT),
    [STATUS]: () => {
      state.statusReads++;
      return { status: state.status, validatedBookingInformation: true };
    },
    [INFO]: () => (state.status === 'COMPLETE' ? makeReservation() : state.status === 'PENDING' ? makeReservation({ status: 'PENDING', lastPaymentFailure: { code: 'card_declined', message: 'Your card was declined.' } }) : processing),
    [FORCE_CHECK]: () => {
      state.forceChecks++;
      return forceCheck();
    },
  };
  return { state, routes };
}

const title = () => screen.findByRole('heading', { level: 1, name: 'Processing your payment' });

describe('the processing page (spec 2 and 4)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('polls every 2 s and asks the provider every 10th time, warning after 120 polls', () => {
    expect(PROCESSING_POLL_MS).toBe(2000);
    expect(FORCE_CHECK_EVERY_POLLS).toBe(10);
    expect([1, 9, 10, 11, 20, 30].filter(forceChecksOn)).toEqual([10, 20, 30]);
    expect(WARNING_AFTER_POLLS).toBe(120);
    expect(warnsAfter(119)).toBe(false);
    expect(warnsAfter(120)).toBe(true);
  });

  it('says the payment is being confirmed, reads the status every 2 s and force-checks on the 10th poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, routes } = server();
    const rendered = renderApp(`${PAGE}/processing-payment`, routes);
    await title();
    expect(screen.getByText(/We are waiting for the confirmation of the payment provider/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Purchase progress' }).textContent).toContain('Payment in progress');
    const before = state.statusReads;
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(state.statusReads).toBe(before + 1);
    expect(state.forceChecks).toBe(0);
    await vi.advanceTimersByTimeAsync(8 * PROCESSING_POLL_MS);
    expect(state.statusReads).toBe(before + 9);
    expect(state.forceChecks).toBe(0);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    // the force-check's code comes on the first check: waited for
    await vi.waitFor(() => expect(state.statusReads).toBe(before + 10));
    expect(state.forceChecks).toBe(1);
    expect(rendered.router.state.location.pathname).toBe(`${PAGE}/processing-payment`);
    expect(screen.queryByText(/We cannot reach the payment provider right now/)).toBeNull();
  });

  it('warns once 120 polls brought no answer, and keeps polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, routes } = server();
    renderApp(`${PAGE}/processing-payment`, routes);
    await title();
    const first = state.statusReads;
    const pollUntil = async (polls: number) => {
      while (state.statusReads - first < polls) {
        const before = state.statusReads;
        await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
        await vi.waitFor(() => expect(state.statusReads).toBeGreaterThan(before));
      }
    };
    // (the clock also runs on its own here: a poll or two more than counted, never twenty)
    await pollUntil(100);
    expect(screen.queryByText(/We cannot reach the payment provider right now/)).toBeNull();
    await pollUntil(WARNING_AFTER_POLLS);
    // in a live region: announced when it appears
    expect((await screen.findByText(/We cannot reach the payment provider right now/)).closest('[role="alert"]')).toBeTruthy();
    expect(state.forceChecks).toBeGreaterThanOrEqual(12);
    const reads = state.statusReads;
    await pollUntil(reads - first + 1);
  });

  it('goes to the success page once the status says paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, routes } = server();
    const rendered = renderApp(`${PAGE}/processing-payment`, routes);
    await title();
    state.status = 'COMPLETE';
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await screen.findByRole('heading', { level: 1, name: `Your tickets for ${EVENT} (en)` })).toBeTruthy();
    expect(rendered.router.state.location.pathname).toBe(`${PAGE}/success`);
  });

  it("'check again now' asks the provider at once and follows a failed payment back to the overview", async () => {
    const { state, routes } = server('EXTERNAL_PROCESSING_PAYMENT', () => {
      state.status = 'PENDING';
      return { ...pending, failed: true };
    });
    const rendered = renderApp(`${PAGE}/processing-payment`, { ...routes, [`/api/v2/public/event/${EVENT}/ticket-categories`]: { status: 404 } });
    await title();
    fireEvent.click(screen.getByRole('button', { name: 'Check again now' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe(`${PAGE}/overview`));
    expect(state.forceChecks).toBe(1);
    // the overview shows the failure read after the check, its provider code in the page's language
    expect(await screen.findByText('Payment processing error: The card was declined.')).toBeTruthy();
  });

  it("follows a force-check that answers the provider's page", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { routes } = server('WAITING_EXTERNAL_CONFIRMATION', () => ({ ...pending, redirect: true, redirectUrl: 'https://provider.example/pay/tr_1' }));
    renderApp(`${PAGE}/processing-payment`, routes);
    await title();
    fireEvent.click(screen.getByRole('button', { name: 'Check again now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://provider.example/pay/tr_1'));
  });

  it('keeps waiting through a status call that fails, and goes to not-found when the reservation is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, routes } = server();
    let answer: unknown = null;
    const rendered = renderApp(`${PAGE}/processing-payment`, {
      ...routes,
      [STATUS]: () => {
        state.statusReads++;
        return answer ?? { status: 'EXTERNAL_PROCESSING_PAYMENT', validatedBookingInformation: true };
      },
    });
    await title();
    answer = { status: 503 };
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(rendered.router.state.location.pathname).toBe(`${PAGE}/processing-payment`);
    answer = { status: 404 };
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation not found' })).toBeTruthy();
  });
});
