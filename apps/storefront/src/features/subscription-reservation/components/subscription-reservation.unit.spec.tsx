import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBasicEvent, makeSubscription } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { API, makeField, makePassOrder, PASS, passApi, RESERVATION, SUBSCRIPTION_ID } from '../pass-fixtures';

const VALIDATE = `POST ${API}/reservation/${RESERVATION}/validate-to-overview`;
const CONFIRM = `POST ${API}/reservation/${RESERVATION}`;
const textbox = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('textbox', { name }) as HTMLInputElement;
const path = (rendered: { router: { state: { location: { pathname: string } } } }) => rendered.router.state.location.pathname;
const buyer = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' };

/** The id of the pass a completed order issued (its subscriptionInfos), apart from the descriptor's. */
const ISSUED_PASS = '0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f';

describe("a pass's reservation pages (spec 2: subscription/{id}/reservation/{reservationId}/...)", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('the chrome around them (spec 1: the language select offers the content languages of what is shown)', () => {
    const pass = makeSubscription({ langs: ['en', 'de'], termsAndConditionsUrl: 'https://example.org/pass-terms', privacyPolicyUrl: 'https://example.org/pass-privacy' });
    it.each([
      ['book', makePassOrder(buyer)],
      ['overview', makePassOrder({ ...buyer, validatedBookingInformation: true })],
      ['success', makePassOrder({ ...buyer, status: 'COMPLETE', validatedBookingInformation: true })],
    ])("offers the pass's languages on the %s page, as the pass's page does", async (page, order) => {
      renderApp(`${PASS}/${page}`, passApi(order, {}, pass));
      const select = await screen.findByRole('combobox', { name: 'Language' });
      expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['en', 'de']);
    });

    it("links the pass's terms and privacy policy under the booking step (the page where they are accepted)", async () => {
      renderApp(`${PASS}/book`, passApi(makePassOrder(buyer), {}, pass));
      const footer = await screen.findByRole('contentinfo');
      expect(within(footer).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://example.org/pass-terms', 'https://example.org/pass-privacy']);
    });
  });

  describe('booking step', () => {
    it('names the buyer as the owner, unless another owner is given; the extra fields come before and after, sent as subscriptionOwner', async () => {
      const state = { validated: false };
      const order = makePassOrder(buyer, { fieldConfigurationBeforeStandard: [makeField('membership')], fieldConfigurationAfterStandard: [makeField('club')] });
      const rendered = renderApp(
        `${PASS}/book`,
        passApi(order, {
          [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: 'PENDING', validatedBookingInformation: state.validated }),
          [VALIDATE]: () => {
            state.validated = true;
            return { success: true, value: true, errorCount: 0, validationErrors: [], warnings: [] };
          },
        }),
      );
      const owner = await screen.findByRole('region', { name: 'Subscription owner' });
      expect(screen.queryByRole('region', { name: 'Attendees' })).toBeNull();
      expect(within(owner).getByText('The subscription will be issued to Grace Hopper (grace@example.org).')).toBeTruthy();
      const fields = within(owner)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).name);
      expect(fields).toEqual(['subscriptionOwner.additional[membership][0]', 'subscriptionOwner.additional[club][0]']);

      fireEvent.click(within(owner).getByRole('checkbox', { name: 'I am buying this subscription for someone else' }));
      expect(within(owner).queryByText(/will be issued to/)).toBeNull();
      expect(
        within(owner)
          .getAllByRole('textbox')
          .map((input) => (input as HTMLInputElement).name),
      ).toEqual([
        'subscriptionOwner.additional[membership][0]',
        'subscriptionOwner.firstName',
        'subscriptionOwner.lastName',
        'subscriptionOwner.email',
        'subscriptionOwner.additional[club][0]',
      ]);

      // the booking rules first: an owner without a name or e-mail is not sent
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(textbox(owner, /^First name/).getAttribute('aria-invalid')).toBe('true'));
      expect(textbox(owner, /^Email/).getAttribute('aria-invalid')).toBe('true');
      expect(rendered.requests.some((r) => r.url.includes('/validate-to-overview'))).toBe(false);

      fireEvent.change(textbox(owner, /^Label membership/), { target: { value: 'M-17' } });
      fireEvent.change(textbox(owner, /^First name/), { target: { value: 'Ada' } });
      fireEvent.change(textbox(owner, /^Last name/), { target: { value: 'Lovelace' } });
      fireEvent.change(textbox(owner, /^Email/), { target: { value: 'ada@example.org' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(path(rendered)).toBe(`${PASS}/overview`));
      const sent = rendered.requests.find((r) => r.url.includes('/validate-to-overview'))!.body as Record<string, unknown>;
      expect(sent).toMatchObject({
        firstName: 'Grace',
        email: 'grace@example.org',
        tickets: {},
        differentSubscriptionOwner: true,
        subscriptionOwner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: { membership: ['M-17'] } },
      });
    });

    it("shows the server's refusal of the owner under the owner's field", async () => {
      const order = makePassOrder(buyer);
      renderApp(
        `${PASS}/book`,
        passApi(order, {
          [VALIDATE]: {
            status: 422,
            body: { success: false, errorCount: 1, validationErrors: [{ fieldName: 'subscriptionOwner.email', code: 'error.email', arguments: {} }] },
          },
        }),
      );
      const owner = await screen.findByRole('region', { name: 'Subscription owner' });
      fireEvent.click(within(owner).getByRole('checkbox', { name: 'I am buying this subscription for someone else' }));
      fireEvent.change(textbox(owner, /^First name/), { target: { value: 'Ada' } });
      fireEvent.change(textbox(owner, /^Last name/), { target: { value: 'Lovelace' } });
      fireEvent.change(textbox(owner, /^Email/), { target: { value: 'ada@example.org' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(textbox(owner, /^Email/).getAttribute('aria-invalid')).toBe('true'));
      expect(textbox(owner, /^First name/).getAttribute('aria-invalid')).toBeNull();
    });

    it('comes back with the owner the server recorded: the box ticked and the owner filled in', async () => {
      renderApp(`${PASS}/book`, passApi(makePassOrder(buyer, { owner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' } })));
      const owner = await screen.findByRole('region', { name: 'Subscription owner' });
      expect((within(owner).getByRole('checkbox', { name: 'I am buying this subscription for someone else' }) as HTMLInputElement).checked).toBe(true);
      expect(textbox(owner, /^Email/).value).toBe('ada@example.org');
    });
  });

  it('overview: the pass in the summary, the ways to pay, and a bank transfer confirmed to the waiting page', async () => {
    const state = { status: 'PENDING' };
    const order = makePassOrder({ ...buyer, validatedBookingInformation: true });
    const descriptor = makeSubscription({ termsAndConditionsUrl: 'https://example.org/terms', bankAccount: 'CH93 0076 2011 6238 5295 7' });
    const rendered = renderApp(
      `${PASS}/overview`,
      passApi(
        order,
        {
          [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: state.status, validatedBookingInformation: true }),
          [`GET ${API}/reservation/${RESERVATION}`]: () => ({ ...order, status: state.status, paid: false }),
          [CONFIRM]: () => {
            state.status = 'OFFLINE_PAYMENT';
            return { success: true, value: { redirect: false, redirectUrl: null } };
          },
        },
        descriptor,
      ),
    );
    const summary = await screen.findByRole('table', { name: 'Order summary' });
    expect(within(summary).getByText('Pass 6f1c')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(path(rendered)).toBe(`${PASS}/waiting-payment`));
    expect(rendered.requests.find((r) => r.method === 'POST' && r.url.startsWith(`${API}/reservation/${RESERVATION}?`))!.body).toMatchObject({
      paymentProxy: 'OFFLINE',
      selectedPaymentMethod: 'BANK_TRANSFER',
      termAndConditionsAccepted: true,
    });
    expect(await screen.findByText('CH93 0076 2011 6238 5295 7')).toBeTruthy();
  });

  describe('success page', () => {
    it('while FINALIZING says so, shows neither PIN nor id, and asks for no events', async () => {
      const rendered = renderApp(`${PASS}/success`, passApi(makePassOrder({ ...buyer, status: 'FINALIZING', validatedBookingInformation: true })));
      expect(await screen.findByText(/Your reservation is being processed/)).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'PIN' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Subscription ID' })).toBeNull();
      expect(rendered.calls.some((c) => c.startsWith(`${API}/events`))).toBe(false);
    });

    it('polls while FINALIZING, then shows the PIN and the id, asks for the compatible events, and stops polling', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answers = 0;
      const complete = { id: '0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f', pin: 'K3M9-QX7P' };
      const rendered = renderApp(
        `${PASS}/success`,
        passApi(makePassOrder({ ...buyer, status: 'FINALIZING', validatedBookingInformation: true }), {
          [`${API}/reservation/${RESERVATION}/status`]: { status: 'FINALIZING', validatedBookingInformation: true },
          [`GET ${API}/reservation/${RESERVATION}`]: () =>
            ++answers < 3
              ? makePassOrder({ ...buyer, status: 'FINALIZING', validatedBookingInformation: true })
              : makePassOrder({ ...buyer, status: 'COMPLETE', validatedBookingInformation: true }, complete),
        }),
      );
      expect(await screen.findByText(/Your reservation is being processed/)).toBeTruthy();
      await vi.advanceTimersByTimeAsync(5000);
      await vi.advanceTimersByTimeAsync(5000);
      const card = await screen.findByRole('region', { name: 'Subscription details' });
      expect(((await within(card).findByRole('textbox', { name: 'PIN' })) as HTMLInputElement).value).toBe('K3M9-QX7P');
      expect(screen.queryByText(/Your reservation is being processed/)).toBeNull();
      await waitFor(() => expect(rendered.calls).toContain(`${API}/events?subscription=${complete.id}`));
      const polls = answers;
      await vi.advanceTimersByTimeAsync(15000);
      expect(answers).toBe(polls);
    });

    it('once complete: the pass with its owner, answers, usage, PIN and id to copy, the receipt, compatible events and the ways on', async () => {
      const writeText = vi.fn(async (_text: string) => undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const order = makePassOrder(
        { ...buyer, status: 'COMPLETE', validatedBookingInformation: true, paid: true, invoiceOrReceiptDocumentPresent: true },
        {
          id: '0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f',
          pin: 'K3M9-QX7P',
          owner: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
          usageDetails: { total: 10, used: 2, available: 8 },
          fieldConfigurationAfterStandard: [makeField('club', { value: 'Chess club' })],
        },
      );
      const rendered = renderApp(
        `${PASS}/success`,
        passApi(order, {
          [`${API}/events`]: (url: URL) => (url.searchParams.get('subscription') === ISSUED_PASS ? [makeBasicEvent('kammermusik')] : []),
        }),
      );
      const card = await screen.findByRole('region', { name: 'Subscription details' });
      expect(screen.getByText('Great! Your subscription is confirmed.')).toBeTruthy();
      expect(screen.getByText(/We sent a confirmation email to grace@example.org/)).toBeTruthy();
      expect(within(card).getByText(/Ada Lovelace/)).toBeTruthy();
      expect(within(card).getByText('ada@example.org')).toBeTruthy();
      expect(within(card).getByText('Label club')).toBeTruthy();
      expect(within(card).getByText('Chess club')).toBeTruthy();
      expect(within(card).getByText('Subscription used 2 times.')).toBeTruthy();
      expect(within(card).getByText('Entries left: 8')).toBeTruthy();
      expect(textbox(card, 'PIN').value).toBe('K3M9-QX7P');
      expect(textbox(card, 'Subscription ID').value).toBe('0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f');

      fireEvent.click(within(card).getByRole('button', { name: 'Copy the PIN to the clipboard' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('K3M9-QX7P'));
      expect(await screen.findByText('Code copied!')).toBeTruthy();
      expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Code copied!'))).toBe(true);
      fireEvent.click(within(card).getByRole('button', { name: 'Copy the ID to the clipboard' }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f'));

      expect(screen.getByRole('link', { name: 'Download your receipt' }).getAttribute('href')).toBe(
        `${API}/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}/receipt`,
      );
      const events = await screen.findByRole('region', { name: 'You can use your subscription for the following events:' });
      expect(within(events).getByRole('link', { name: 'kammermusik (en)' }).getAttribute('href')).toBe(`/event/kammermusik?subscription=${ISSUED_PASS}`);
      expect(screen.getByRole('link', { name: 'All events' }).getAttribute('href')).toBe(`/events-all?subscription=${ISSUED_PASS}`);
      expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
      expect(screen.getByRole('button', { name: 'Resend the reservation email' })).toBeTruthy();
      // the issued pass's id, not the descriptor's: the booking step applies what the link carries (spec 4)
      expect(rendered.calls).toContain(`${API}/events?subscription=${ISSUED_PASS}`);
    });

    it('hides the PIN when the descriptor says so, and keeps the id', async () => {
      renderApp(
        `${PASS}/success`,
        passApi(
          makePassOrder(
            { ...buyer, status: 'COMPLETE', validatedBookingInformation: true },
            {
              id: '0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f',
              pin: 'K3M9-QX7P',
              configuration: { displayPin: false },
              usageDetails: { total: null, used: 0, available: null },
            },
          ),
        ),
      );
      const card = await screen.findByRole('region', { name: 'Subscription details' });
      expect(within(card).queryByRole('textbox', { name: 'PIN' })).toBeNull();
      expect(textbox(card, 'Subscription ID').value).toBe('0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f');
      expect(within(card).queryByText(/Subscription used/)).toBeNull();
      expect(within(card).queryByText(/Entries left/)).toBeNull();
    });

    it('resends the confirmation through the pass address', async () => {
      const rendered = renderApp(
        `${PASS}/success`,
        passApi(makePassOrder({ ...buyer, status: 'COMPLETE', validatedBookingInformation: true }), {
          [`POST ${API}/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}/re-send-email`]: true,
        }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Resend the reservation email' }));
      expect(await screen.findByText('The confirmation email has been sent.')).toBeTruthy();
      expect(rendered.calls).toContain(`${API}/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}/re-send-email?lang=en`);
    });
  });

  it('an unknown reservation is not found, with the way back to the subscription', async () => {
    const rendered = renderApp(`${PASS}/book`, passApi(makePassOrder(), { [`${API}/reservation/${RESERVATION}/status`]: { status: 404 } }));
    await waitFor(() => expect(path(rendered)).toBe(`${PASS}/not-found`));
    expect(await screen.findByText(/1F0E2D3C/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back to the subscription' }).getAttribute('href')).toBe(`/subscription/${SUBSCRIPTION_ID}`);
  });

  it('goes home for another purchase context type or a pass id that is not a UUID', async () => {
    const other = renderApp(`/concert/x/reservation/${RESERVATION}/book`, passApi(makePassOrder()));
    await waitFor(() => expect(path(other)).toBe('/'));
    cleanup();
    const malformed = renderApp(`/subscription/not-a-uuid/reservation/${RESERVATION}/book`, passApi(makePassOrder()));
    await waitFor(() => expect(path(malformed)).toBe('/'));
    expect(malformed.calls.some((c) => c.includes('/reservation/'))).toBe(false);
  });
});
