import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { API, BOOK, checkoutApi, makeField, makeReservation, makeTicket, OVERVIEW, RESERVATION, SHORT_NAME, TICKET_1, TICKET_2 } from '../checkout-fixtures';

const VALIDATE = `POST ${API}/reservation/${RESERVATION}/validate-to-overview`;
const invoicing = (overrides: Record<string, boolean>) => ({
  customerReferenceEnabled: false,
  enabledItalyEInvoicing: false,
  euVatCheckingEnabled: false,
  invoiceAllowed: false,
  onlyInvoice: false,
  userCanDownloadReceiptOrInvoice: true,
  vatNumberStrictlyRequired: false,
  ...overrides,
});

/** The status the guard reads follows what validate-to-overview answered. */
function statusRoute(state: { validated: boolean }) {
  return () => ({ status: 'PENDING', validatedBookingInformation: state.validated });
}

const region = (name: string | RegExp) => screen.getByRole('region', { name });
/** The alert saying `text` (the toast region has an empty one of its own). */
const alertSaying = (text: string) => screen.getAllByRole('alert').find((a) => a.textContent?.includes(text));
const textbox = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('textbox', { name }) as HTMLInputElement;

async function fillContact() {
  const contact = await screen.findByRole('region', { name: 'Your details' });
  fireEvent.change(textbox(contact, /First name/), { target: { value: 'Grace' } });
  fireEvent.change(textbox(contact, /Last name/), { target: { value: 'Hopper' } });
  fireEvent.change(textbox(contact, /Email/), { target: { value: 'grace@example.org' } });
}

function fillAttendee(name: string) {
  const ticket = region(name);
  fireEvent.change(textbox(ticket, /First name/), { target: { value: 'Ada' } });
  fireEvent.change(textbox(ticket, /Last name/), { target: { value: 'Lovelace' } });
  fireEvent.change(textbox(ticket, /Email/), { target: { value: 'ada@example.org' } });
}

describe('booking step (spec 2, step 2)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the steps, the countdown, the contact and one attendee form per ticket, prefilled with what the server kept', async () => {
    const reservation = makeReservation({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      ticketsByCategory: [
        { name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1, { firstName: 'Ada', ticketFieldConfigurationAfterStandard: [makeField('company', { value: 'ACME' })] })] },
        { name: 'Student', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_2)] },
      ],
    });
    renderApp(BOOK, checkoutApi(reservation));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact details' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Purchase progress' }).querySelector('[aria-current="step"]')?.textContent).toContain('Contact details');
    expect(screen.getByRole('timer', { name: 'Time left to complete the order' }).textContent).toMatch(/^You have (19|20) minutes/);
    expect(textbox(region('Your details'), /First name/).value).toBe('Grace');
    expect(textbox(region('Regular, ticket 1'), /First name/).value).toBe('Ada');
    expect(textbox(region('Regular, ticket 1'), /Label company/).value).toBe('ACME');
    expect(region('Student, ticket 2')).toBeTruthy();
    // Two tickets: no copy button; postpone is offered (no supplements, assignment not forced)
    expect(screen.queryByRole('button', { name: 'Copy contact data' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: "I don't know yet who will attend the event." }));
    expect(screen.queryByRole('region', { name: 'Regular, ticket 1' })).toBeNull();
    expect(screen.getByText('Fields marked with * are required.')).toBeTruthy();
  });

  it('checks the client rules first: errors under their fields, focus on the first, nothing sent', async () => {
    const { requests } = renderApp(BOOK, checkoutApi(makeReservation()));
    await fillContact();
    fireEvent.change(textbox(region('Your details'), /Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = textbox(region('Your details'), /Email/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('The email address is not valid.');
    expect(textbox(region('Regular, ticket 1'), /First name/).getAttribute('aria-invalid')).toBe('true');
    expect(alertSaying('Please check the values you entered.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('drops a field\'s error as soon as the visitor changes it, and the summary once no field shows one', async () => {
    renderApp(BOOK, checkoutApi(makeReservation()));
    await fillContact();
    fireEvent.change(textbox(region('Your details'), /Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = textbox(region('Your details'), /Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(email, { target: { value: 'grace@example.org' } });
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    const describedBy = (email.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    expect(describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).not.toContain('not valid');
    // the attendee's fields were not touched: still refused, and the summary still asks to check them
    expect(textbox(region('Regular, ticket 1'), /First name/).getAttribute('aria-invalid')).toBe('true');
    expect(alertSaying('Please check the values you entered.')).toBeTruthy();
    fillAttendee('Regular, ticket 1');
    expect(screen.queryAllByRole('textbox').filter((t) => t.getAttribute('aria-invalid') === 'true')).toEqual([]);
    expect(alertSaying('Please check the values you entered.')).toBeUndefined();
  });

  it('copies the contact data into the only ticket', async () => {
    renderApp(BOOK, checkoutApi(makeReservation()));
    await fillContact();
    fireEvent.click(within(region('Regular, ticket 1')).getByRole('button', { name: 'Copy contact data' }));
    expect(textbox(region('Regular, ticket 1'), /Email/).value).toBe('grace@example.org');
  });

  it("with attendee autocomplete, fills the first ticket's empty fields from the contact until the buyer types there", async () => {
    const event = makeEvent(SHORT_NAME, { assignmentConfiguration: { enableAttendeeAutocomplete: true, forceAssignment: false, enableTicketTransfer: false } });
    renderApp(BOOK, checkoutApi(makeReservation({ ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1, { lastName: 'Kept' })] }] }), {}, event));
    await fillContact();
    const ticket = region('Regular, ticket 1');
    expect(within(ticket).queryByRole('button', { name: 'Copy contact data' })).toBeNull();
    expect([textbox(ticket, /First name/).value, textbox(ticket, /Last name/).value, textbox(ticket, /Email/).value]).toEqual(['Grace', 'Kept', 'grace@example.org']);
    fireEvent.change(textbox(ticket, /First name/), { target: { value: 'Ada' } });
    fireEvent.change(textbox(region('Your details'), /First name/), { target: { value: 'Gracie' } });
    expect(textbox(ticket, /First name/).value).toBe('Ada');
    fireEvent.change(textbox(region('Your details'), /Email/), { target: { value: 'gracie@example.org' } });
    expect(textbox(ticket, /Email/).value).toBe('gracie@example.org');
  });

  it('drops the error of a first-ticket field that attendee autocomplete fills from the contact', async () => {
    const event = makeEvent(SHORT_NAME, { assignmentConfiguration: { enableAttendeeAutocomplete: true, forceAssignment: false, enableTicketTransfer: false } });
    renderApp(BOOK, checkoutApi(makeReservation({ ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1)] }] }), {}, event));
    await screen.findByRole('region', { name: 'Your details' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const ticket = region('Regular, ticket 1');
    await waitFor(() => expect(textbox(ticket, /First name/).getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(textbox(region('Your details'), /First name/), { target: { value: 'Grace' } });
    expect(textbox(ticket, /First name/).value).toBe('Grace');
    expect(textbox(ticket, /First name/).getAttribute('aria-invalid')).not.toBe('true');
    expect(textbox(ticket, /Last name/).getAttribute('aria-invalid')).toBe('true');
  });

  it("puts the server's field errors under their fields and its global ones in the summary", async () => {
    const reservation = makeReservation({
      ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1, { ticketFieldConfigurationAfterStandard: [makeField('company')] })] }],
    });
    renderApp(
      BOOK,
      checkoutApi(reservation, {
        [VALIDATE]: {
          status: 422,
          body: {
            success: false,
            value: false,
            errorCount: 3,
            warnings: [],
            validationErrors: [
              { fieldName: 'email', code: 'error.STEP_2_INVALID_EMAIL', arguments: null },
              { fieldName: `tickets[${TICKET_1}].additional[company][0]`, code: 'error.tooLong', arguments: { '0': 5 } },
              { fieldName: 'contactAndTicketsForm', code: 'error.STEP_2_MISSING_ATTENDEE_DATA', arguments: null },
            ],
          },
        },
      }),
    );
    await fillContact();
    fillAttendee('Regular, ticket 1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const email = textbox(region('Your details'), /Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(email));
    const company = textbox(region('Regular, ticket 1'), /Label company/);
    expect(document.getElementById(company.getAttribute('aria-describedby')!)!.textContent).toBe('The value is too long.');
    expect(alertSaying("Please fill in the attendees' details.")).toBeTruthy();
  });

  it('shows a server failure as the unexpected error, in the summary and as a toast (spec 8), and stays', async () => {
    const { router } = renderApp(BOOK, checkoutApi(makeReservation(), { [VALIDATE]: { status: 503 } }));
    await fillContact();
    fillAttendee('Regular, ticket 1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const message = 'An unexpected error has occurred. Please try again.';
    await waitFor(() => expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes(message))).toHaveLength(2));
    const toast = screen.getAllByRole('alert').find((a) => within(a).queryByRole('button', { name: 'Close notification' }));
    expect(toast?.textContent).toContain(message);
    expect(router.state.location.pathname).toBe(BOOK);
  });

  it('sends the form in the current language and goes to the overview once validated', async () => {
    const state = { validated: false };
    const { requests, router } = renderApp(
      BOOK,
      checkoutApi(makeReservation(), {
        [`${API}/reservation/${RESERVATION}/status`]: statusRoute(state),
        [VALIDATE]: () => {
          state.validated = true;
          return { success: true, value: true, errorCount: 0, validationErrors: [], warnings: [] };
        },
      }),
    );
    await fillContact();
    fillAttendee('Regular, ticket 1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.url).toBe(`${API}/reservation/${RESERVATION}/validate-to-overview?lang=en&ignoreWarnings=false`);
    expect(sent.body).toMatchObject({
      firstName: 'Grace',
      email: 'grace@example.org',
      invoiceRequested: false,
      tickets: { [TICKET_1]: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', additional: {} } },
    });
  });

  it('goes to the not-found page when the reservation is gone meanwhile (cancelled in another tab), not to a retry that cannot succeed', async () => {
    const state = { gone: false };
    const { router } = renderApp(
      BOOK,
      checkoutApi(makeReservation(), {
        [`${API}/reservation/${RESERVATION}/status`]: () => (state.gone ? { status: 404 } : { status: 'PENDING', validatedBookingInformation: false }),
        [VALIDATE]: () => {
          state.gone = true;
          return { status: 404 };
        },
      }),
    );
    await fillContact();
    fillAttendee('Regular, ticket 1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}/reservation/${RESERVATION}/not-found`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation not found' })).toBeTruthy();
    expect(alertSaying('An unexpected error has occurred')).toBeUndefined();
  });

  it("opens the warning modal with the first warning, and 'proceed' resends ignoring it", async () => {
    const state = { validated: false };
    const { requests, router } = renderApp(
      BOOK,
      checkoutApi(makeReservation(), {
        [`${API}/reservation/${RESERVATION}/status`]: statusRoute(state),
        [VALIDATE]: (url: URL) => {
          if (url.searchParams.get('ignoreWarnings') === 'true') state.validated = true;
          return { success: true, value: true, errorCount: 0, validationErrors: [], warnings: [{ code: 'error.STEP_2_EMAIL_TYPO', params: ['grace@example'] }] };
        },
      }),
    );
    await fillContact();
    fillAttendee('Regular, ticket 1');
    const submit = screen.getByRole('button', { name: 'Continue' });
    submit.focus();
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Please check your data' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('The email address grace@example might be misspelled. Please check it.')).toBeTruthy();
    // 'check again' closes it and gives the focus back
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(submit);
    fireEvent.click(submit);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url, 'http://x').searchParams.get('ignoreWarnings'))).toEqual(['false', 'false', 'true']);
  });

  it('shows the invoice box when invoicing is allowed, ticked and scrolled to with ?requestInvoice', async () => {
    const event = makeEvent(SHORT_NAME, { invoicingConfiguration: invoicing({ invoiceAllowed: true }) });
    renderApp(`${BOOK}?requestInvoice=true`, checkoutApi(makeReservation(), {}, event));
    const box = (await screen.findByRole('checkbox', { name: 'I need an invoice for this reservation' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(textbox(region('Billing information'), /Address line 1/)).toBeTruthy();
  });

  it('always shows the invoice form when only invoices are issued, and none for a free order', async () => {
    const event = makeEvent(SHORT_NAME, { invoicingConfiguration: invoicing({ invoiceAllowed: true, onlyInvoice: true }) });
    renderApp(BOOK, checkoutApi(makeReservation(), {}, event));
    await screen.findByRole('region', { name: 'Billing information' });
    expect(screen.queryByRole('checkbox', { name: 'I need an invoice for this reservation' })).toBeNull();
    expect(textbox(region('Billing information'), /Address line 1/)).toBeTruthy();
    cleanup();
    const free = makeReservation();
    renderApp(BOOK, checkoutApi({ ...free, orderSummary: { ...free.orderSummary, free: true } }, {}, event));
    await screen.findByRole('region', { name: 'Your details' });
    expect(screen.queryByRole('region', { name: 'Billing information' })).toBeNull();
  });

  it('asks the supplement items their fields under the ticket they belong to', async () => {
    const reservation = makeReservation({
      ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1), makeTicket(TICKET_2)] }],
      additionalServiceWithData: [
        { itemId: 1, serviceId: 7, ticketUUID: TICKET_2, type: 'SUPPLEMENT', title: { en: 'Workshop' }, ticketFieldConfiguration: [makeField('track', { required: true })] },
      ],
    });
    renderApp(BOOK, checkoutApi(reservation));
    const item = await screen.findByRole('region', { name: 'Workshop for ticket 2' });
    expect(region('Regular, ticket 2').parentElement!.contains(item)).toBe(true);
    expect(textbox(item, /Label track/).name).toBe(`additionalServices[${TICKET_2}][0].additional[track][0]`);
    // a supplement is linked to a ticket: no postpone
    expect(screen.queryByRole('checkbox', { name: "I don't know yet who will attend the event." })).toBeNull();
  });

  it('moves a supplement item with the Move button, not on a change of the menu, then focuses it under its new ticket and says so', async () => {
    const TICKET_3 = '9d4e2c1b-3a5f-4b6c-8d7e-1f2a3b4c5d6e';
    const reservation = makeReservation({
      ticketsByCategory: [{ name: 'Regular', ticketAccessType: 'INHERIT', tickets: [makeTicket(TICKET_1), makeTicket(TICKET_2), makeTicket(TICKET_3)] }],
      additionalServiceWithData: [
        { itemId: 1, serviceId: 7, ticketUUID: TICKET_2, type: 'SUPPLEMENT', title: { en: 'Workshop' }, ticketFieldConfiguration: [makeField('track', { required: true })] },
      ],
    });
    renderApp(BOOK, checkoutApi(reservation));
    const item = await screen.findByRole('region', { name: 'Workshop for ticket 2' });
    const attendees = region('Attendees');
    const status = within(attendees).getByRole('status');
    const menu = within(item).getByRole('combobox', { name: 'Move to another ticket' }) as HTMLSelectElement;
    expect([...menu.options].map((o) => o.text)).toEqual(['Move to ticket 1', 'Move to ticket 3']);
    // an arrow key on a closed select changes its value: that alone moves nothing
    fireEvent.change(menu, { target: { value: TICKET_3 } });
    expect(region('Regular, ticket 2').parentElement!.contains(screen.getByRole('region', { name: 'Workshop for ticket 2' }))).toBe(true);
    expect(status.textContent).toBe('');

    fireEvent.click(within(item).getByRole('button', { name: 'Move' }));
    const moved = screen.getByRole('region', { name: 'Workshop for ticket 3' });
    expect(region('Regular, ticket 3').parentElement!.contains(moved)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(within(moved).getByRole('heading', { name: 'Workshop for ticket 3' })));
    expect(within(attendees).getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Workshop moved to ticket 3.');
  });

  it('opens the static expired modal when the time is up, and goes back to the event', async () => {
    const { router } = renderApp(BOOK, checkoutApi(makeReservation({ validity: Date.now() + 1500 })));
    await screen.findByRole('heading', { level: 1, name: 'Contact details' });
    const dialog = await screen.findByRole('dialog', { name: 'Your reservation has expired' }, { timeout: 4000 });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    expect((screen.getByRole('button', { name: 'Continue', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
    // static: Escape does not close it
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}`));
  });

  it('cancels the reservation after confirmation and returns to the event page', async () => {
    const { router, requests } = renderApp(BOOK, checkoutApi(makeReservation(), { [`DELETE ${API}/reservation/${RESERVATION}`]: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the reservation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/${SHORT_NAME}`));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`${API}/reservation/${RESERVATION}`]);
  });
});
