import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { makeEvent, makeItems } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { makeReservation, makeTicket, RESERVATION_ID } from '../reservation-fixtures';

const EVENT = 'jazz-2027';
const PAGE = `/event/${EVENT}/reservation/${RESERVATION_ID}`;
const INFO = `/api/v2/public/reservation/${RESERVATION_ID}`;
const STATUS = `${INFO}/status`;
const RESEND = `POST /api/v2/public/event/${EVENT}/reservation/${RESERVATION_ID}/re-send-email`;

const event = makeEvent(EVENT, {
  bankAccount: 'IBAN CH93 0076 2011 6238 5295 7',
  bankAccountOwner: ['Verein Seeklang Zürich', 'Seefeldstrasse 123', '8008 Zürich'],
  organizationEmail: 'seeklang@example.org',
  websiteUrl: 'https://seeklang.example.org/jazz',
});

const status = (value: string, validatedBookingInformation = true) => ({ status: value, validatedBookingInformation });

function api(overrides: Record<string, unknown> = {}) {
  return {
    [`/api/v2/public/event/${EVENT}`]: event,
    '/api/v2/public/events': [],
    '/api/v2/public/subscriptions': [],
    ...overrides,
  };
}

const path = (rendered: { router: { state: { location: { pathname: string } } } }) => rendered.router.state.location.pathname;

describe('reservation pages', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('the status guard', () => {
    it('sends the booking step of a complete order to its success page, replacing the address', async () => {
      const rendered = renderApp(`${PAGE}/book?tags=jazz`, api({ [STATUS]: status('COMPLETE'), [INFO]: makeReservation() }));
      expect(await screen.findByRole('heading', { level: 1, name: `Your tickets for ${EVENT} (en)` })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/success`);
      expect(rendered.router.state.location.searchStr).toBe('?tags=jazz');
      expect(rendered.history.length).toBe(1);
    });

    it('sends a reservation whose status lookup fails to not-found: short id upper-cased and the way back', async () => {
      const rendered = renderApp(`${PAGE}/success`, api({ [STATUS]: { status: 404 } }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Reservation not found' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/not-found`);
      expect(screen.getByText('The reservation ABCDEF12 does not exist.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go back to the event' }).getAttribute('href')).toBe(`/event/${EVENT}`);
      expect(rendered.calls).not.toContain(INFO);
    });

    it('keeps a not-found visitor on not-found, and a bank transfer on its page', async () => {
      const rendered = renderApp(`${PAGE}/not-found`, api({ [STATUS]: status('OFFLINE_PAYMENT'), [INFO]: makeReservation({ status: 'OFFLINE_PAYMENT', paid: false }) }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment required' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/waiting-payment`);
    });

    it('leads the legacy waitingPayment address to waiting-payment', async () => {
      const rendered = renderApp(`${PAGE}/waitingPayment`, api({ [STATUS]: status('OFFLINE_PAYMENT'), [INFO]: makeReservation({ status: 'OFFLINE_PAYMENT', paid: false }) }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment required' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/waiting-payment`);
    });

    it.each(['IN_PAYMENT', 'STUCK'])('shows the error page for %s, with the organizer to contact and the id', async (value) => {
      const rendered = renderApp(`${PAGE}/success`, api({ [STATUS]: status(value) }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected error' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/error`);
      expect(screen.getByRole('link', { name: 'seeklang@example.org' }).getAttribute('href')).toBe('mailto:seeklang@example.org');
      expect(screen.getByText(RESERVATION_ID)).toBeTruthy();
    });

    it('sends a deferred payment to its page', async () => {
      const rendered = renderApp(`${PAGE}/success`, api({ [STATUS]: status('DEFERRED_OFFLINE_PAYMENT'), [INFO]: makeReservation({ status: 'DEFERRED_OFFLINE_PAYMENT', paid: false }) }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for confirming your reservation!' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/deferred-payment`);
      expect(screen.getByRole('button', { name: 'Resend the reservation email' })).toBeTruthy();
    });

    it('sends a reservation gone between the guard and the page to not-found', async () => {
      let lookups = 0;
      const rendered = renderApp(`${PAGE}/success`, api({ [STATUS]: () => (++lookups === 1 ? status('COMPLETE') : { status: 404 }), [INFO]: { status: 404 } }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Reservation not found' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/not-found`);
    });

    it("shows the unexpected error (spec 8), not a redirect loop, when the reservation fails to load but its status exists", async () => {
      // The router logs the loader's failure; printing it trips over happy-dom's anchor elements.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const rendered = renderApp(`${PAGE}/success`, api({ [STATUS]: status('COMPLETE'), [INFO]: { status: 500 } }));
      expect(await screen.findByRole('heading', { level: 1, name: 'An unexpected error has occurred. Please try again.' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/success`);
      warn.mockRestore();
      error.mockRestore();
    });

    it('sends an unknown child address to the page the status asks for', async () => {
      const rendered = renderApp(`${PAGE}/whatever`, api({ [STATUS]: status('OFFLINE_PAYMENT'), [INFO]: makeReservation({ status: 'OFFLINE_PAYMENT', paid: false }) }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment required' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/waiting-payment`);
    });
  });

  describe('the success page', () => {
    it('confirms the order to the reservation e-mail and lists tickets with their holders and the order', async () => {
      renderApp(`${PAGE}/success`, api({ [STATUS]: status('COMPLETE'), [INFO]: makeReservation() }));
      await screen.findByRole('heading', { level: 1, name: `Your tickets for ${EVENT} (en)` });
      const steps = screen.getByRole('navigation', { name: 'Purchase progress' });
      expect(within(steps).getByText('Thank you').closest('li')?.getAttribute('aria-current')).toBe('step');
      const live = screen.getAllByRole('status').find((r) => r.classList.contains('reservation-status__live'))!;
      expect(within(live).getByText(/We sent a confirmation email to grace@example\.org/)).toBeTruthy();

      const tickets = within(screen.getByRole('region', { name: 'Your tickets' }));
      expect(tickets.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Festival pass', 'Day ticket']);
      expect(tickets.getByRole('list', { name: 'Festival pass' }).textContent).toContain('Assigned to Alan Turing <alan@example.org>');
      expect(tickets.getByRole('list', { name: 'Day ticket' }).textContent).toContain('Ticket #3not assigned yet');

      const order = within(screen.getByRole('region', { name: 'Order summary' }));
      expect(order.getByRole('rowheader', { name: 'Total' }).closest('tr')?.textContent).toContain('367.00 CHF');
      expect(order.getByText('VAT at 8.1% included')).toBeTruthy();

      expect(screen.getByRole('link', { name: 'Buy other tickets' }).getAttribute('href')).toBe(`/event/${EVENT}`);
      expect(screen.getByRole('link', { name: /Go to the event website/ }).getAttribute('href')).toBe('https://seeklang.example.org/jazz');
      // each ticket's actions by its flags (spec 2 and 6): the two assigned ones shown, downloaded, sent; the third
      // one only assigned, on its update page
      const actionsOf = (n: number) => {
        const group = within(tickets.getByRole('group', { name: `Ticket #${n}` }));
        return [...group.queryAllByRole('link'), ...group.queryAllByRole('button')].map((c) => c.textContent);
      };
      expect(actionsOf(1)).toEqual(['Update ticket', 'Show ticket', 'Download ticket', 'Send by email']);
      expect(actionsOf(2)).toEqual(['Update ticket', 'Show ticket', 'Download ticket', 'Send by email']);
      expect(actionsOf(3)).toEqual(['Assign']);
      expect(within(tickets.getByRole('group', { name: 'Ticket #3' })).getByRole('link', { name: 'Assign' }).getAttribute('href')).toBe(`/event/${EVENT}/ticket/t-3/update`);
      expect(within(tickets.getByRole('group', { name: 'Ticket #1' })).getByRole('link', { name: 'Show ticket' }).getAttribute('href')).toBe(`/event/${EVENT}/ticket/t-1/view`);
      // no invoice or receipt yet (spec 6)
      expect(screen.queryByRole('link', { name: /Download your/ })).toBeNull();
      expect(document.title).toBe(`Your tickets for ${EVENT} (en)`);
    });

    it('offers release instead of show for a releasable ticket, and neither show nor download for an online one', async () => {
      const reservation = makeReservation({
        ticketsByCategory: [
          { name: 'Free pass', ticketAccessType: 'INHERIT', tickets: [makeTicket('t-1', { cancellationEnabled: true })] },
          { name: 'Livestream', ticketAccessType: 'ONLINE', tickets: [makeTicket('t-2')] },
        ],
      });
      renderApp(`${PAGE}/success`, { ...api({ [STATUS]: status('COMPLETE'), [INFO]: reservation }), [`/api/v2/public/event/${EVENT}`]: { ...event, format: 'HYBRID' } });
      const tickets = within(await screen.findByRole('region', { name: 'Your tickets' }));
      const actionsOf = (n: number) => within(tickets.getByRole('group', { name: `Ticket #${n}` })).queryAllByRole('button').map((c) => c.textContent);
      expect(actionsOf(1)).toEqual(['Download ticket', 'Send by email', 'Release ticket']);
      expect(actionsOf(2)).toEqual(['Send by email']);
      expect(within(tickets.getByRole('group', { name: 'Ticket #2' })).queryByRole('link', { name: 'Show ticket' })).toBeNull();
    });

    it('sends a ticket by e-mail and says so (email.ticket-email-sent)', async () => {
      const sent: string[] = [];
      renderApp(
        `${PAGE}/success`,
        api({
          [STATUS]: status('COMPLETE'),
          [INFO]: makeReservation(),
          [`POST /api/v2/public/event/${EVENT}/ticket/t-2/send-ticket-by-email`]: (url: URL) => {
            sent.push(url.pathname + url.search);
            return true;
          },
        }),
      );
      const ticket2 = within(await screen.findByRole('group', { name: 'Ticket #2' }));
      fireEvent.click(ticket2.getByRole('button', { name: 'Send by email' }));
      expect(await screen.findByText('The ticket has been sent by email.')).toBeTruthy();
      expect(sent).toEqual([`/api/v2/public/event/${EVENT}/ticket/t-2/send-ticket-by-email?lang=en`]);
    });

    it('releases one of several tickets after a yes and shows the order as it is now', async () => {
      let released = false;
      const releasable = (uuid: string) => makeTicket(uuid, { cancellationEnabled: true });
      const before = makeReservation({ ticketsByCategory: [{ name: 'Free pass', ticketAccessType: 'INHERIT', tickets: [releasable('t-1'), releasable('t-2')] }] });
      const after = makeReservation({ ticketsByCategory: [{ name: 'Free pass', ticketAccessType: 'INHERIT', tickets: [releasable('t-1')] }] });
      const rendered = renderApp(
        `${PAGE}/success`,
        api({
          [STATUS]: status('COMPLETE'),
          [INFO]: () => (released ? after : before),
          [`DELETE /api/v2/public/event/${EVENT}/ticket/t-2`]: () => {
            released = true;
            return true;
          },
        }),
      );
      const group = await screen.findByRole('group', { name: 'Ticket #2' });
      fireEvent.focus(group);
      await import('../../ticket/dialogs/ticket-dialogs');
      await new Promise((resolve) => setTimeout(resolve, 0));
      fireEvent.click(within(group).getByRole('button', { name: 'Release ticket' }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm the release of the ticket' })).getByRole('button', { name: 'Yes' }));
      expect(await screen.findByText('The ticket has been released.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Ticket #2' })).toBeNull());
      expect(screen.getByRole('group', { name: 'Ticket #1' })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/success`);
    });

    it('leaves for the event page when the only ticket is released', async () => {
      const rendered = renderApp(`${PAGE}/success`, {
        ...api({
          [STATUS]: status('COMPLETE'),
          [INFO]: makeReservation({ ticketsByCategory: [{ name: 'Free pass', ticketAccessType: 'INHERIT', tickets: [makeTicket('t-1', { cancellationEnabled: true })] }] }),
          [`DELETE /api/v2/public/event/${EVENT}/ticket/t-1`]: true,
        }),
        [`/api/v2/public/event/${EVENT}/ticket-categories`]: makeItems(),
      });
      const group = await screen.findByRole('group', { name: 'Ticket #1' });
      fireEvent.focus(group);
      await import('../../ticket/dialogs/ticket-dialogs');
      await new Promise((resolve) => setTimeout(resolve, 0));
      fireEvent.click(within(group).getByRole('button', { name: 'Release ticket' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(path(rendered)).toBe(`/event/${EVENT}`));
    });

    it('resends the reservation e-mail in the current language and says so', async () => {
      const requests: FakeRequest[] = [];
      renderApp(
        `${PAGE}/success`,
        api({
          [STATUS]: status('COMPLETE'),
          [INFO]: makeReservation(),
          [RESEND]: async (_: URL, request: FakeRequest) => {
            requests.push(request);
            await new Promise((done) => setTimeout(done, 200)); // the mail server takes its time
            return true;
          },
        }),
      );
      const button = (await screen.findByRole('button', { name: 'Resend the reservation email' })) as HTMLButtonElement;
      button.focus();
      fireEvent.click(button);
      // busy, yet focusable (a disabled button drops the keyboard focus to the page) and not sent twice
      await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
      expect(button.disabled).toBe(false);
      expect(document.activeElement).toBe(button);
      fireEvent.click(button);
      expect(await screen.findByText('The confirmation email has been sent.')).toBeTruthy();
      expect(document.activeElement).toBe(button);
      expect(requests.map((r) => r.url)).toEqual([`/api/v2/public/event/${EVENT}/reservation/${RESERVATION_ID}/re-send-email?lang=en`]);
    });

    it('says so when there was nothing to resend', async () => {
      renderApp(`${PAGE}/success`, api({ [STATUS]: status('COMPLETE'), [INFO]: makeReservation(), [RESEND]: false }));
      fireEvent.click(await screen.findByRole('button', { name: 'Resend the reservation email' }));
      expect(await screen.findByText('An unexpected error has occurred. Please try again.')).toBeTruthy();
    });

    const tooMany = { status: 429, body: { success: false, validationErrors: [{ fieldName: '', code: 'error.TOO_MANY_REQUESTS', arguments: null }] }, headers: { 'retry-after': '10' } };

    it('says to wait, not to try again, when resending hit the rate limit (429)', async () => {
      renderApp(`${PAGE}/success`, api({ [STATUS]: status('COMPLETE'), [INFO]: makeReservation(), [RESEND]: tooMany }));
      fireEvent.click(await screen.findByRole('button', { name: 'Resend the reservation email' }));
      expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
      expect(screen.queryByText('An unexpected error has occurred. Please try again.')).toBeNull();
    });

    it('says to wait when sending a ticket hit the rate limit (429)', async () => {
      renderApp(`${PAGE}/success`, api({ [STATUS]: status('COMPLETE'), [INFO]: makeReservation(), [`POST /api/v2/public/event/${EVENT}/ticket/t-2/send-ticket-by-email`]: tooMany }));
      fireEvent.click(within(await screen.findByRole('group', { name: 'Ticket #2' })).getByRole('button', { name: 'Send by email' }));
      expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
    });

    it('offers the invoice when spec 6 allows it', async () => {
      renderApp(`${PAGE}/success`, api({ [STATUS]: status('COMPLETE'), [INFO]: makeReservation({ invoiceOrReceiptDocumentPresent: true, invoiceNumber: '2027-7' }) }));
      const link = await screen.findByRole('link', { name: 'Download your invoice' });
      expect(link.getAttribute('href')).toBe(`/api/v2/public/event/${EVENT}/reservation/${RESERVATION_ID}/invoice`);
    });

    it('while FINALIZING says the order is being processed and polls until it is complete', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answers = 0;
      renderApp(
        `${PAGE}/success`,
        api({
          [STATUS]: status('FINALIZING'),
          [INFO]: () => (++answers < 3 ? makeReservation({ status: 'FINALIZING' }) : makeReservation()),
        }),
      );
      expect(await screen.findByText(/Your reservation is being processed/)).toBeTruthy();
      // the tickets cannot be used before the order is complete: holders only, no actions
      expect(screen.queryByRole('group', { name: 'Ticket #1' })).toBeNull();
      expect(screen.getByText('Assigned to Ada Lovelace <ada@example.org>')).toBeTruthy();
      await vi.advanceTimersByTimeAsync(5000);
      await vi.advanceTimersByTimeAsync(5000);
      expect(await screen.findByText(/We sent a confirmation email to grace@example\.org/)).toBeTruthy();
      expect(screen.queryByText(/Your reservation is being processed/)).toBeNull();
      const polls = answers;
      await vi.advanceTimersByTimeAsync(15000);
      expect(answers).toBe(polls);
    });
  });

  describe('the bank-transfer page', () => {
    const waiting = makeReservation({ status: 'OFFLINE_PAYMENT', paid: false, invoiceRequested: true });

    it('shows amount, account, holder, payment reason and deadline, and who to write to', async () => {
      renderApp(`${PAGE}/waiting-payment`, api({ [STATUS]: status('OFFLINE_PAYMENT'), [INFO]: waiting }));
      await screen.findByRole('heading', { level: 1, name: 'Payment required' });
      expect(screen.getByRole('heading', { level: 2, name: 'Payment required no later than 10/01/2027 13:00 (Europe/Rome)' })).toBeTruthy();
      const details = screen.getByText('Amount due').closest('dl')!;
      const pairs = [...details.querySelectorAll('div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
      expect(pairs).toEqual([
        ['Amount due', '367.00 CHF'],
        ['Bank account', 'IBAN CH93 0076 2011 6238 5295 7'],
        ['Account holder', 'Verein Seeklang ZürichSeefeldstrasse 1238008 Zürich'],
        ['Payment reason', 'ABCDEF12'],
      ]);
      expect(screen.getByText('Transfer 367.00 CHF to the bank account IBAN CH93 0076 2011 6238 5295 7, stating ABCDEF12 as the payment reason.')).toBeTruthy();
      expect(screen.getByText('The invoice will be sent separately.')).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'seeklang@example.org' })).toHaveLength(2);
      expect(screen.getByText('This page updates by itself as soon as the organizer has confirmed your payment.').getAttribute('role')).toBe('status');
    });

    it('keeps only the basic instructions when the organizer asks for it', async () => {
      renderApp(`${PAGE}/waiting-payment`, {
        ...api({ [STATUS]: status('OFFLINE_PAYMENT'), [INFO]: waiting }),
        [`/api/v2/public/event/${EVENT}`]: { ...event, offlinePaymentConfiguration: { showOnlyBasicInstructions: true } },
      });
      await screen.findByText('ABCDEF12');
      expect(screen.queryByText(/Send the proof of payment/)).toBeNull();
    });

    it('polls the status every 5000 ms and turns into the success page once the organizer confirms the transfer', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let current = 'OFFLINE_PAYMENT';
      const statusCalls: number[] = [];
      const rendered = renderApp(
        `${PAGE}/waiting-payment`,
        api({
          [STATUS]: () => {
            statusCalls.push(Date.now());
            return status(current);
          },
          [INFO]: () => (current === 'COMPLETE' ? makeReservation() : waiting),
        }),
      );
      await screen.findByText('ABCDEF12');
      const before = statusCalls.length;
      await vi.advanceTimersByTimeAsync(5000);
      expect(statusCalls.length).toBe(before + 1);
      expect(path(rendered)).toBe(`${PAGE}/waiting-payment`);

      current = 'COMPLETE';
      await vi.advanceTimersByTimeAsync(5000);
      expect(await screen.findByRole('heading', { level: 1, name: `Your tickets for ${EVENT} (en)` })).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/success`);
      expect(screen.getByText('Your payment has been received: your order is complete.')).toBeTruthy();
    });

    it('while OFFLINE_FINALIZING says the instructions are being prepared', async () => {
      renderApp(`${PAGE}/waiting-payment`, api({ [STATUS]: status('OFFLINE_FINALIZING'), [INFO]: makeReservation({ status: 'OFFLINE_FINALIZING', paid: false }) }));
      expect(await screen.findByText('We are preparing your payment instructions…')).toBeTruthy();
      expect(screen.queryByText('Payment reason')).toBeNull();
    });

    it('moves to the deferred-payment page when the status becomes DEFERRED_OFFLINE_PAYMENT', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let current = 'OFFLINE_PAYMENT';
      const rendered = renderApp(
        `${PAGE}/waiting-payment`,
        api({ [STATUS]: () => status(current), [INFO]: () => makeReservation({ status: current as 'OFFLINE_PAYMENT', paid: false }) }),
      );
      await screen.findByText('ABCDEF12');
      current = 'DEFERRED_OFFLINE_PAYMENT';
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(path(rendered)).toBe(`${PAGE}/deferred-payment`));
    });
  });
  describe('the deferred-payment page', () => {
    const deferred = makeReservation({ status: 'DEFERRED_OFFLINE_PAYMENT', paid: false, invoiceRequested: false });

    it('says the tickets are issued and how to pay by the event begin: amount, account, holder, payment reason', async () => {
      renderApp(`${PAGE}/deferred-payment`, api({ [STATUS]: status('DEFERRED_OFFLINE_PAYMENT'), [INFO]: deferred }));
      await screen.findByRole('heading', { level: 1, name: 'Thank you for confirming your reservation!' });
      expect(screen.getByText(/Your tickets are issued/)).toBeTruthy();
      expect(screen.queryByText('We will contact you soon with the instructions to complete the payment.')).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: 'Payment required no later than 10/01/2027 13:00 (Europe/Rome)' })).toBeTruthy();
      const details = screen.getByText('Amount due').closest('dl')!;
      const pairs = [...details.querySelectorAll('div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
      expect(pairs).toEqual([
        ['Amount due', '367.00 CHF'],
        ['Bank account', 'IBAN CH93 0076 2011 6238 5295 7'],
        ['Account holder', 'Verein Seeklang ZürichSeefeldstrasse 1238008 Zürich'],
        ['Payment reason', 'ABCDEF12'],
      ]);
      expect(screen.getByText('Transfer 367.00 CHF to the bank account IBAN CH93 0076 2011 6238 5295 7, stating ABCDEF12 as the payment reason.')).toBeTruthy();
      // the order is confirmed already: nothing says the confirmation waits for the money
      expect(screen.queryByText(/To confirm your reservation/)).toBeNull();
      expect(screen.queryByText(/You'll then receive a confirmation email/)).toBeNull();
      // and its tickets are there, with their holders, as on the success page
      const tickets = within(screen.getByRole('region', { name: 'Your tickets' }));
      expect(tickets.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Festival pass', 'Day ticket']);
      expect(tickets.getByRole('list', { name: 'Festival pass' }).textContent).toContain('Assigned to Alan Turing <alan@example.org>');
    });
  });
});
