import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { createTestContext, makeInfo } from '../../../test/test-context';
import { makeCheckInInfo, makeField, makeFullTicket, makeTicketInfo, TICKET_ID } from '../ticket-fixtures';

const EVENT = 'jazz-2027';
const API = `/api/v2/public/event/${EVENT}`;
const TICKET = `${API}/ticket/${TICKET_ID}`;
const PAGE = `/event/${EVENT}/ticket/${TICKET_ID}`;
const CODE = 'c0ffee';

const event = makeEvent(EVENT, { organizationName: 'Verein Seeklang Zürich', location: 'Studio Seeklang, Zürich' });

function api(overrides: Record<string, unknown> = {}) {
  return {
    [API]: event,
    [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass', { availableTickets: 12 })] }),
    '/api/v2/public/events': [],
    '/api/v2/public/subscriptions': [],
    '/api/v2/public/i18n/countries/en': [
      { isoCode: 'CH', name: 'Switzerland' },
      { isoCode: 'IT', name: 'Italy' },
    ],
    ...overrides,
  };
}

const path = (rendered: { router: { state: { location: { pathname: string } } } }) => rendered.router.state.location.pathname;
const toast = (text: string) => screen.findByText(text);

/**
 * The dialogs' chunk, which the page asks for when the visitor reaches for a ticket's actions (focus, pointer), in
 * place: a click then opens a dialog at once, as it does in a browser (a dialog that suspended inside the click's
 * act() would wait for an act nobody awaits).
 */
async function dialogsLoaded() {
  await import('../dialogs/ticket-dialogs');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Opens the holder form of an assigned ticket, its chunk asked for first as a pointer or the focus on the button does. */
async function openOwnerForm() {
  const toggle = await screen.findByRole('button', { name: 'Update ticket' });
  fireEvent.focus(toggle);
  await import('../owner-form/ticket-owner-form');
  await new Promise((resolve) => setTimeout(resolve, 0));
  fireEvent.click(toggle);
  return toggle;
}

describe('ticket pages (spec 2)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  describe('the view page', () => {
    it('shows the event, the code, holder, category, reference, order, and the PDF', async () => {
      renderApp(`${PAGE}/view`, api({ [TICKET]: makeTicketInfo() }));
      await screen.findByRole('heading', { level: 1, name: `Your ticket for ${EVENT} (en)` });
      const card = within(screen.getByRole('region', { name: 'Ticket' }));
      expect(card.getByRole('img', { name: 'QR code' }).getAttribute('src')).toBe(`${TICKET}/code.png`);
      const facts = Object.fromEntries([...card.getByRole('img').closest('section')!.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
      expect(facts).toEqual({
        Holder: 'Ada Lovelaceada@example.org',
        Type: 'Festival pass',
        'Reference number': TICKET_ID,
        'Order information': 'ABCDEF12 by Grace Hopper',
      });
      expect(card.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`${TICKET}/download-ticket`);
      const eventInfo = within(screen.getByRole('region', { name: 'Event information' }));
      expect(eventInfo.getByText('Thu 11 Feb 2027 from 20:00 to 22:00')).toBeTruthy();
      expect(eventInfo.getByText('Studio Seeklang, Zürich')).toBeTruthy();
      expect(eventInfo.getByText('Verein Seeklang Zürich')).toBeTruthy();
      // no desk payment, no wallet configured, no supplements
      expect(screen.queryByText(/has not been paid yet/)).toBeNull();
      expect(screen.queryByRole('link', { name: /Wallet/ })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Additional options' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Manage your ticket' }).getAttribute('href')).toBe(`${PAGE}/update`);
      expect(document.title).toBe(`Your ticket for ${EVENT} (en)`);
    });

    it('says the price is due at the desk, lists the supplements with their answers and offers the wallet passes the site has', async () => {
      const info = makeTicketInfo({
        deskPaymentRequired: true,
        additionalServiceWithData: [
          {
            itemId: 7,
            serviceId: 3,
            ticketUUID: TICKET_ID,
            type: 'SUPPLEMENT',
            title: { en: 'Workshop' },
            ticketFieldConfiguration: [
              makeField('track', { type: 'select', restrictedValues: ['rust', 'ts'], fields: [{ fieldIndex: 0, fieldValue: 'rust' }], description: { en: { label: 'Track', placeholder: '', restrictedValuesDescription: { rust: 'Rust for beginners' } } } }),
              makeField('notes'),
            ],
          },
        ],
      });
      const context = createTestContext({ info: makeInfo({ walletConfiguration: { passEnabled: true, gWalletEnabled: true } }) });
      renderApp(`${PAGE}/view`, api({ [TICKET]: info }), context);
      expect(await screen.findByText('This ticket has not been paid yet: you will have to pay the amount due on arrival.')).toBeTruthy();
      const services = within(screen.getByRole('region', { name: 'Additional options' }));
      expect(services.getByRole('heading', { level: 3, name: 'Workshop' })).toBeTruthy();
      // answered questions only, values by their description
      expect([...services.getAllByRole('term')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toEqual(['Track: Rust for beginners']);
      expect(screen.getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href')).toBe(`/api/pass/event/${EVENT}/v1/version/passes/${TICKET_ID}`);
      expect(screen.getByRole('link', { name: 'Add to Google Wallet' }).getAttribute('href')).toBe(`/api/wallet/event/${EVENT}/v1/version/passes/${TICKET_ID}`);
    });

    it("gives a checked-in ticket's poll PIN and takes it to the poll area in the tab, never in the address", async () => {
      const polls = `${API}/poll`;
      const rendered = renderApp(
        `${PAGE}/view`,
        api({
          [TICKET]: makeTicketInfo({ pollPin: 'AB3K9Z' }),
          [polls]: (url: URL) => (url.searchParams.get('pin') === 'AB3K9Z' ? { success: true, errorCount: 0, validationErrors: [], value: [], warnings: [] } : { status: 422 }),
        }),
      );
      expect(await screen.findByText('Live polls: your PIN is AB3K9Z')).toBeTruthy();
      const link = screen.getByRole('link', { name: 'Go to the live polls' });
      expect(link.getAttribute('href')).toBe(`/event/${EVENT}/poll`);
      fireEvent.click(link);
      expect(await screen.findByText('There are no open polls right now.')).toBeTruthy();
      expect(path(rendered)).toBe(`/event/${EVENT}/poll`);
      expect(screen.queryByRole('textbox', { name: 'Enter your PIN' })).toBeNull();
      expect(rendered.calls).toContain(`${polls}?pin=AB3K9Z`);
    });

    it('shows no poll PIN while the ticket has none (not checked in, or no poll)', async () => {
      renderApp(`${PAGE}/view`, api({ [TICKET]: makeTicketInfo({ pollPin: null }) }));
      await screen.findByRole('heading', { level: 1, name: `Your ticket for ${EVENT} (en)` });
      expect(screen.queryByText(/Live polls/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Go to the live polls' })).toBeNull();
    });

    // 422: an id that cannot be a ticket's (a link cut short), the server's validation answer: no ticket either
    it.each([404, 422])('sends a ticket the server does not show (%i) to the root', async (status) => {
      const rendered = renderApp(`${PAGE}/view`, api({ [TICKET]: { status } }));
      await waitFor(() => expect(path(rendered)).toBe('/'));
    });

    it('sends an address of a ticket that is none of its pages to the root, without asking for the ticket', async () => {
      const rendered = renderApp(`${PAGE}/download`, api({ [TICKET]: makeTicketInfo() }));
      await waitFor(() => expect(path(rendered)).toBe('/'));
      expect(rendered.calls.filter((c) => c.startsWith(TICKET))).toEqual([]);
    });
  });

  describe('the update page', () => {
    const full = (overrides: Parameters<typeof makeFullTicket>[0] = {}, category: Parameters<typeof makeFullTicket>[1] = {}) => ({ [`${TICKET}/full`]: makeFullTicket(overrides, category) });

    it('shows an assigned ticket: event, title, category, holder and its actions; the form behind "Update ticket"', async () => {
      renderApp(`${PAGE}/update`, api(full()));
      await screen.findByRole('heading', { level: 1, name: 'Manage your ticket' });
      expect(screen.getByText(`${EVENT} (en)`)).toBeTruthy();
      const card = within(screen.getByRole('region', { name: 'Festival pass' }));
      expect(card.getByText('Ada Lovelace')).toBeTruthy();
      const actions = within(card.getByRole('group', { name: 'Festival pass' }));
      expect(actions.getAllByRole('link').map((l) => l.textContent)).toEqual(['Show ticket']);
      expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Download ticket', 'Send by email']);
      // not an online ticket: no alert
      expect(screen.queryByText(/join the event/i)).toBeNull();
      expect(screen.getByRole('button', { name: 'Update ticket' }).getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull();
      const toggle = await openOwnerForm();
      expect((await screen.findByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Ada');
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      // transfers are off in the fixture event: no transfer notice
      expect(screen.queryByText(/transfer this ticket/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull());
    });

    it('opens the form of a ticket without a holder, checks it with the booking rules before sending, then assigns it and reloads', async () => {
      let ticket = makeFullTicket({ assigned: false, firstName: null, lastName: null, fullName: '', email: '' }, {});
      const puts: FakeRequest[] = [];
      renderApp(
        `${PAGE}/update`,
        api({
          [`${TICKET}/full`]: () => ticket,
          [`PUT ${TICKET}`]: (_: URL, request: FakeRequest) => {
            puts.push(request);
            ticket = makeFullTicket({ firstName: 'Mia', lastName: 'Keller', fullName: 'Mia Keller', email: 'mia@example.org' });
            return { success: true, errorCount: 0, validationErrors: [], value: true, warnings: [] };
          },
        }),
      );
      expect(await screen.findByText('This ticket has not been assigned yet: fill in the attendee details to download it.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Update ticket' })).toBeNull();
      expect(within(screen.getByRole('group', { name: 'Festival pass' })).queryAllByRole('button')).toEqual([]);
      fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Mia' } });
      fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'mia@' } });
      fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
      // the booking rules refuse it on the client: nothing is sent, the first invalid field has the focus
      const lastName = screen.getByRole('textbox', { name: /Last name/ });
      await waitFor(() => expect(document.activeElement).toBe(lastName));
      expect(lastName.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
      expect(puts).toEqual([]);

      fireEvent.change(lastName, { target: { value: 'Keller' } });
      fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'mia@example.org' } });
      fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
      expect(await toast('The ticket has been updated.')).toBeTruthy();
      expect(puts.map((r) => r.body)).toEqual([{ firstName: 'Mia', lastName: 'Keller', email: 'mia@example.org', userLanguage: 'en', additional: {} }]);
      // read again: the holder shows, the form closes
      await screen.findByText('Mia Keller');
      expect(screen.queryByRole('textbox', { name: /First name/ })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update ticket' })));
    });

    it('shows a server failure (5xx) as the unexpected error above the form and as a toast (spec 8)', async () => {
      renderApp(`${PAGE}/update`, api({ ...full(), [`PUT ${TICKET}`]: { status: 500 } }));
      await openOwnerForm();
      fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
      const message = 'An unexpected error has occurred. Please try again.';
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
      const summary = screen.getAllByRole('alert').find((a) => a.classList.contains('booking-error-summary'))!;
      expect(within(summary).getByText(message)).toBeTruthy();
      const toastAlert = screen.getAllByRole('alert').find((a) => within(a).queryByRole('button', { name: 'Close notification' }));
      expect(toastAlert?.textContent).toContain(message);
    });

    it("puts the server's field errors (422) under their fields, and what no field owns above the form", async () => {
      renderApp(
        `${PAGE}/update`,
        api({
          ...full({}, {}),
          [`PUT ${TICKET}`]: {
            status: 422,
            body: {
              success: false,
              errorCount: 2,
              validationErrors: [
                { fieldName: 'email', code: 'error.STEP_2_WHITELIST_CHECK_FAILED', arguments: null },
                { fieldName: 'ticket', code: 'error.STEP_2_PAYMENT_REQUEST_CREATION', arguments: null },
              ],
              value: null,
              warnings: [],
            },
          },
        }),
      );
      await openOwnerForm();
      fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
      const email = screen.getByRole('textbox', { name: /Email/ });
      await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBeTruthy();
      const summary = screen.getAllByRole('alert').find((a) => a.classList.contains('booking-error-summary'))!;
      expect(within(summary).getByText('An unexpected error has occurred. Please try again.')).toBeTruthy();
    });

    it('keeps a locked ticket read-only and without a submit button unless it has questions', async () => {
      renderApp(`${PAGE}/update`, api(full({ locked: true })));
      await openOwnerForm();
      expect((await screen.findByRole('textbox', { name: /First name/ })).hasAttribute('readonly')).toBe(true);
      expect(screen.getByText('This ticket can no longer be changed.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
      cleanup();

      renderApp(`${PAGE}/update`, api(full({ locked: true, ticketFieldConfigurationAfterStandard: [makeField('diet', { description: { en: { label: 'Diet', placeholder: '', restrictedValuesDescription: {} } } })] })));
      await openOwnerForm();
      expect((await screen.findByRole('textbox', { name: /Diet/ })).hasAttribute('readonly')).toBe(true);
      expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    });

    it('shows the transfer notice when the event allows transfers and the ticket may change hands', async () => {
      renderApp(`${PAGE}/update`, {
        ...api(full()),
        [API]: makeEvent(EVENT, { assignmentConfiguration: { enableAttendeeAutocomplete: false, enableTicketTransfer: true, forceAssignment: false } }),
      });
      await openOwnerForm();
      expect(await screen.findByText(/You can transfer this ticket to someone else/)).toBeTruthy();
    });

    it.each([
      ['an online event', 'ONLINE', 'INHERIT', true],
      ['a hybrid event, ONLINE category', 'HYBRID', 'ONLINE', true],
      ['a hybrid event, in-person category', 'HYBRID', 'INHERIT', false],
    ] as const)('says when %s can be joined, and offers no show or download', async (_, format, accessType, online) => {
      renderApp(`${PAGE}/update`, {
        ...api(full({ formattedOnlineCheckInDate: { en: '11/02/2027 19:45' } }, { ticketAccessType: accessType })),
        [API]: makeEvent(EVENT, { format }),
      });
      await screen.findByRole('heading', { level: 1, name: 'Manage your ticket' });
      const alert = screen.queryByText('You can join the event from 11/02/2027 19:45 (Europe/Rome) using the link in your ticket email.');
      expect(Boolean(alert)).toBe(online);
      const actions = within(screen.getByRole('group', { name: 'Festival pass' }));
      expect(Boolean(actions.queryByRole('link', { name: 'Show ticket' }))).toBe(!online);
      expect(Boolean(actions.queryByRole('button', { name: 'Download ticket' }))).toBe(!online);
    });

    it('says so once an online event has started', async () => {
      renderApp(`${PAGE}/update`, { ...api(full({ onlineEventStarted: true })), [API]: makeEvent(EVENT, { format: 'ONLINE' }) });
      expect(await screen.findByText('The event has started! Join it using the link in your ticket email.')).toBeTruthy();
    });

    it('sends the ticket by e-mail in the current language and says so in the card until closed (email.ticket-email-sent)', async () => {
      const sends: string[] = [];
      renderApp(
        `${PAGE}/update`,
        api({
          ...full(),
          [`POST ${TICKET}/send-ticket-by-email`]: async (_: URL, request: FakeRequest) => {
            sends.push(request.url);
            await answered;
            return true;
          },
        }),
      );
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const send = await screen.findByRole('button', { name: 'Send by email' });
      const card = send.closest('section')!;
      const status = within(card).getByRole('status');
      expect(status.textContent).toBe('');
      send.focus();
      fireEvent.click(send);
      // busy while it sends, yet not disabled (a disabled button drops the keyboard focus); a second press sends nothing
      await waitFor(() => expect(send.getAttribute('aria-busy')).toBe('true'));
      expect([send.getAttribute('aria-disabled'), send.hasAttribute('disabled')]).toEqual(['true', false]);
      fireEvent.click(send);
      answer();
      await waitFor(() => expect(status.textContent).toBe('The ticket has been sent by email.'));
      expect(sends).toEqual([`${TICKET}/send-ticket-by-email?lang=en`]);
      // a message of the page, not the toast that hides itself after 2.5 s: still there after that, and said once
      await new Promise((resolve) => setTimeout(resolve, 2700));
      expect(status.textContent).toBe('The ticket has been sent by email.');
      expect(screen.getAllByText('The ticket has been sent by email.')).toHaveLength(1);
      fireEvent.click(within(card).getByRole('button', { name: 'Close notification' }));
      expect(status.textContent).toBe('');
      expect(within(card).getByRole('status')).toBe(status);
      expect(document.activeElement).toBe(send);
    }, 10_000);

    it('opens the download dialog with the PDF and the wallet passes, focus inside, Escape closes it and gives the focus back', async () => {
      const context = createTestContext({ info: makeInfo({ walletConfiguration: { passEnabled: true, gWalletEnabled: false } }) });
      renderApp(`${PAGE}/update`, api(full()), context);
      const open = await screen.findByRole('button', { name: 'Download ticket' });
      open.focus();
      await dialogsLoaded();
      fireEvent.click(open);
      const dialog = await screen.findByRole('dialog', { name: 'Download your ticket' });
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      expect(document.activeElement).toBe(dialog);
      expect(within(dialog).getByText('Download the PDF or add the ticket to your phone wallet.')).toBeTruthy();
      expect(within(dialog).getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`${TICKET}/download-ticket`);
      expect(within(dialog).getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href')).toBe(`/api/pass/event/${EVENT}/v1/version/passes/${TICKET_ID}`);
      expect(within(dialog).queryByRole('link', { name: 'Add to Google Wallet' })).toBeNull();
      fireEvent.keyDown(document, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(open);
    });

    it('releases a ticket after a yes, then leaves for the event page, where the seat is counted again', async () => {
      let released = false;
      const deletes: string[] = [];
      let categoriesRead = 0;
      let readAfterRelease = 0;
      const ticket = makeFullTicket({ cancellationEnabled: true });
      const rendered = renderApp(
        `${PAGE}/update`,
        api({
          // a released ticket is gone: reading it again would answer 404, which sends the visitor home (spec 8)
          [`${TICKET}/full`]: () => {
            if (released) readAfterRelease++;
            return ticket;
          },
          [`DELETE ${TICKET}`]: (url: URL) => {
            deletes.push(url.pathname);
            released = true;
            return true;
          },
          [`${API}/ticket-categories`]: () => {
            categoriesRead++;
            return makeItems({ ticketCategories: [makeCategory(1, 'Festival pass', { availableTickets: released ? 13 : 12 })] });
          },
        }),
      );
      const group = await screen.findByRole('group', { name: 'Festival pass' });
      fireEvent.focus(group);
      await dialogsLoaded();
      const actions = within(group);
      // releasable: no show ticket (spec 2)
      expect(actions.queryByRole('link', { name: 'Show ticket' })).toBeNull();
      fireEvent.click(actions.getByRole('button', { name: 'Release ticket' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm the release of the ticket' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(deletes).toEqual([]);

      fireEvent.click(actions.getByRole('button', { name: 'Release ticket' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(path(rendered)).toBe(`/event/${EVENT}`));
      expect(deletes).toEqual([TICKET]);
      expect(await toast('The ticket has been released.')).toBeTruthy();
      expect(categoriesRead).toBeGreaterThan(0);
      expect(readAfterRelease).toBe(0);
    });

    it('says so when the server refuses to release the ticket, and stays', async () => {
      const rendered = renderApp(`${PAGE}/update`, api({ ...full({ cancellationEnabled: true }), [`DELETE ${TICKET}`]: { status: 400, body: false } }));
      const release = await screen.findByRole('button', { name: 'Release ticket' });
      fireEvent.focus(release);
      await dialogsLoaded();
      fireEvent.click(release);
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
      expect(await toast('An unexpected error has occurred. Please try again.')).toBeTruthy();
      expect(path(rendered)).toBe(`${PAGE}/update`);
    });

    it.each([404, 422])('sends a ticket the server does not show (%i) to the root', async (status) => {
      const rendered = renderApp(`${PAGE}/update`, api({ [`${TICKET}/full`]: { status } }));
      await waitFor(() => expect(path(rendered)).toBe('/'));
    });
  });

  describe('the online waiting room', () => {
    const start = Date.UTC(2027, 1, 11, 18, 45);
    const end = Date.UTC(2027, 1, 11, 20, 15);
    const routes = () =>
      api({
        [API]: makeEvent(EVENT, { format: 'ONLINE' }),
        [`${TICKET}/full`]: makeFullTicket({ firstName: 'Mia', fullName: 'Mia Keller' }),
        [`${TICKET}/code/${CODE}/check-in-info`]: makeCheckInInfo(start, end),
      });
    const room = `${PAGE}/check-in/${CODE}/waiting-room`;
    const checkIn = `/event/${EVENT}/ticket/${TICKET_ID}/check-in/${CODE}`;

    it.each([
      ['before the check-in opens: not started, when the doors open, and the link to try again', start - 60_000, 'It\'s too early! This event has not started yet.', 'Try again'],
      ['while it is open: started, and the link to join', start + 60_000, 'The event has started.', 'Join the event'],
      ['after it closed: ended, and no link', end + 60_000, 'Sorry, this event has ended.', null],
    ])('greets the attendee by first name and, %s', async (_, now, state, link) => {
      vi.useFakeTimers({ now, shouldAdvanceTime: true });
      const rendered = renderApp(room, routes());
      expect(await screen.findByRole('heading', { level: 2, name: 'Hello Mia!' })).toBeTruthy();
      expect(screen.getByText(state).closest('[role="status"]')).toBeTruthy();
      const links = screen.queryAllByRole('link').filter((l) => l.getAttribute('href') === checkIn);
      expect(links.map((l) => l.textContent)).toEqual(link ? [link] : []);
      expect(Boolean(screen.queryByText('Thursday, 11 February 19:45'))).toBe(now < start);
      expect(rendered.calls.some((c) => c.startsWith(`${TICKET}/code/${CODE}/check-in-info?tz=`))).toBe(true);
    });

    it('moves from not started to started by itself as the clock passes the start', async () => {
      vi.useFakeTimers({ now: start - 5_000, shouldAdvanceTime: true });
      renderApp(room, routes());
      await screen.findByText("It's too early! This event has not started yet.");
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await screen.findByText('The event has started.')).toBeTruthy();
    });

    it('sends a wrong check-in code (404) to the root', async () => {
      const rendered = renderApp(room, { ...routes(), [`${TICKET}/code/${CODE}/check-in-info`]: { status: 404 } });
      await waitFor(() => expect(path(rendered)).toBe('/'));
    });
  });
});
