import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { API, BOOK, checkoutApi, makeReservation, OVERVIEW, RESERVATION, SHORT_NAME, TICKET_1 } from '../checkout-fixtures';

const HOST = 'https://host.example.org';
const VALIDATE = `POST ${API}/reservation/${RESERVATION}/validate-to-overview`;
const embeddedEvent = makeEvent(SHORT_NAME, { embeddingConfiguration: { enabled: true, notificationOrigin: HOST } });
const hidingContact = () => makeReservation({ metadata: { ...makeReservation().metadata, hideContactData: true } });
const textbox = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('textbox', { name }) as HTMLInputElement;

/**
 * Spec 4, embedding, on the booking step: framed (the test gives the window a parent of its own), the host hears the
 * reservation's status and its cancel; with hideContactData no contact is asked, the first attendee is the buyer.
 */
describe('the booking step in a host page', () => {
  let postMessage: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    postMessage = vi.fn();
    Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
  });

  it('asks no contact with hideContactData, sends the first attendee as the buyer, and tells the host PENDING', async () => {
    const state = { validated: false };
    const { requests, router } = renderApp(
      BOOK,
      checkoutApi(hidingContact(), {
        [`${API}/reservation/${RESERVATION}/status`]: () => ({ status: 'PENDING', validatedBookingInformation: state.validated }),
        [VALIDATE]: () => {
          state.validated = true;
          return { success: true, value: true, errorCount: 0, validationErrors: [], warnings: [] };
        },
      }, embeddedEvent),
    );
    const ticket = await screen.findByRole('region', { name: 'Regular, ticket 1' });
    expect(screen.queryByRole('region', { name: 'Your details' })).toBeNull();
    await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ status: 'PENDING', reservationId: RESERVATION }, HOST));
    fireEvent.change(textbox(ticket, /First name/), { target: { value: 'Ada' } });
    fireEvent.change(textbox(ticket, /Last name/), { target: { value: 'Lovelace' } });
    fireEvent.change(textbox(ticket, /Email/), { target: { value: 'ada@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(OVERVIEW));
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      tickets: { [TICKET_1]: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' } },
    });
    // the overview does not show the contact either
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(details.textContent).not.toContain('ada@example.org');
    expect(postMessage.mock.calls.every(([, origin]) => origin === HOST)).toBe(true);
  });

  it('asks the contact when the page is not embedded, even with hideContactData', async () => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    renderApp(BOOK, checkoutApi(hidingContact(), {}, embeddedEvent));
    expect(await screen.findByRole('region', { name: 'Your details' })).toBeTruthy();
  });

  it('tells the host CANCELLED after a cancel', async () => {
    renderApp(BOOK, checkoutApi(makeReservation(), { [`DELETE ${API}/reservation/${RESERVATION}`]: true }, embeddedEvent));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel the reservation' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ status: 'CANCELLED', reservationId: RESERVATION }, HOST));
    expect(postMessage.mock.calls.map(([message]) => (message as { status: string }).status)).toEqual(['PENDING', 'CANCELLED']);
  });
});
