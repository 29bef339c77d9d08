import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';

const API = '/api/v2/public/event/chapel';
const SUBSCRIBE = `POST ${API}/waiting-list/subscribe`;
const soldOut = makeCategory(1, 'Regular', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true });
const taken = { success: true, errorCount: 0, validationErrors: [], value: true, warnings: [] };

function api(options: { items?: Partial<Parameters<typeof makeItems>[0]>; event?: Parameters<typeof makeEvent>[1]; subscribe?: unknown } = {}) {
  return {
    [API]: makeEvent('chapel', { privacyPolicyUrl: 'https://example.org/privacy', langs: ['en', 'de'], ...options.event }),
    [`${API}/ticket-categories`]: makeItems({
      ticketCategories: [soldOut],
      waitingList: true,
      ticketCategoriesForWaitingList: [
        { id: 1, name: 'Regular' },
        { id: 2, name: 'Reduced' },
      ],
      ...options.items,
    }),
    [SUBSCRIBE]: options.subscribe ?? taken,
  };
}

const region = () => screen.getByRole('region', { name: 'Waiting list' });
const field = (name: string | RegExp) => within(region()).getByRole('textbox', { name });
const fill = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(within(region()).getByRole('button', { name: 'Join the waiting list' }));

function fillValid() {
  fill(/First name/, 'Anna');
  fill(/Last name/, 'Muster');
  fill(/Email/, 'anna@example.org');
  fireEvent.click(within(region()).getByRole('checkbox', { name: /terms and conditions/ }));
  fireEvent.click(within(region()).getByRole('checkbox', { name: /privacy policy/ }));
}

describe('the waiting-list form', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is shown when the event is sold out with a waiting list, or in pre-sales, and not otherwise', async () => {
    renderApp('/event/chapel', api());
    expect(await screen.findByRole('region', { name: 'Waiting list' })).toBeTruthy();
    expect(within(region()).getByText('Join the waiting list and we will let you know as soon as a seat becomes available.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    cleanup();

    renderApp('/event/chapel', api({ items: { waitingList: false, preSales: true } }));
    expect(await screen.findByRole('region', { name: 'Waiting list' })).toBeTruthy();
    expect(screen.getByText(/Sales have not started yet/)).toBeTruthy();
    cleanup();

    renderApp('/event/chapel', api({ items: { waitingList: false, ticketCategories: [makeCategory(1, 'Regular')] } }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Waiting list' })).toBeNull();
  });

  it('requires names, email, terms and privacy, and focuses the first field in error', async () => {
    const { requests } = renderApp('/event/chapel', api());
    await screen.findByRole('region', { name: 'Waiting list' });
    submit();
    const first = field(/First name/);
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe('This field is required.');
    expect(within(region()).getAllByText('This field is required.')).toHaveLength(3);
    expect(within(region()).getByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(within(region()).getByText('You must accept the privacy policy.')).toBeTruthy();
    expect(requests.filter((r) => r.url.endsWith('/subscribe'))).toHaveLength(0);

    fill(/First name/, 'Anna');
    expect(field(/First name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('limits names and email to 255 characters and checks the email', async () => {
    renderApp('/event/chapel', api());
    await screen.findByRole('region', { name: 'Waiting list' });
    expect(field(/First name/).getAttribute('maxlength')).toBe('255');
    fillValid();
    fill(/Last name/, 'x'.repeat(256));
    fill(/Email/, 'anna.example.org');
    submit();
    expect(within(region()).getByText('At most 255 characters are allowed.')).toBeTruthy();
    expect(within(region()).getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(field(/Last name/));
  });

  it('offers the category only when there is more than one, the language only when the event has several, privacy only with a policy', async () => {
    renderApp('/event/chapel', api());
    await screen.findByRole('region', { name: 'Waiting list' });
    expect(within(region()).getByRole('combobox', { name: 'Category' })).toBeTruthy();
    expect(within(within(region()).getByRole('combobox', { name: /Preferred language/ })).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Deutsch']);
    cleanup();

    renderApp('/event/chapel', api({ items: { ticketCategoriesForWaitingList: [{ id: 1, name: 'Regular' }] }, event: { langs: ['en'], privacyPolicyUrl: null } }));
    await screen.findByRole('region', { name: 'Waiting list' });
    expect(within(region()).queryByRole('combobox')).toBeNull();
    expect(within(region()).queryByRole('checkbox', { name: /privacy policy/ })).toBeNull();
    expect(within(region()).getByRole('link', { name: /terms and conditions/ }).getAttribute('href')).toBe('https://example.org/terms');
  });

  it('sends the form and shows the complete message in place of the form', async () => {
    const { requests } = renderApp('/event/chapel', api());
    await screen.findByRole('region', { name: 'Waiting list' });
    fillValid();
    fireEvent.change(within(region()).getByRole('combobox', { name: 'Category' }), { target: { value: '2' } });
    fireEvent.change(within(region()).getByRole('combobox', { name: /Preferred language/ }), { target: { value: 'de' } });
    submit();
    const done = await within(region()).findByText('Thank you for joining the waiting list. We will keep you posted!');
    expect(done.getAttribute('role')).toBe('status');
    expect(within(region()).queryByRole('textbox')).toBeNull();
    expect(requests.find((r) => r.url.endsWith('/subscribe'))!.body).toEqual({
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.org',
      userLanguage: 'de',
      termAndConditionsAccepted: true,
      privacyPolicyAccepted: true,
      selectedCategory: 2,
    });
  });

  it.each([
    ['not taken', { success: true, errorCount: 0, validationErrors: [], value: false, warnings: [] }],
    ['a server failure', { status: 500 }],
  ])('shows the error message when the subscription is %s', async (_case, answer) => {
    renderApp('/event/chapel', api({ subscribe: answer }));
    await screen.findByRole('region', { name: 'Waiting list' });
    fillValid();
    submit();
    const failed = await within(region()).findByText('Something went wrong. Please try again in a few minutes.');
    expect(failed.getAttribute('role')).toBe('alert');
  });

  it('puts the server field errors under their fields and keeps the form', async () => {
    renderApp(
      '/event/chapel',
      api({
        subscribe: {
          status: 422,
          body: {
            success: false,
            errorCount: 2,
            validationErrors: [
              { fieldName: 'email', code: 'error.email', arguments: null },
              { fieldName: 'waitingQueueSubscriptionForm', code: 'error.generic', arguments: null },
            ],
            value: null,
            warnings: [],
          },
        },
      }),
    );
    await screen.findByRole('region', { name: 'Waiting list' });
    fillValid();
    submit();
    await waitFor(() => expect(field(/Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(within(region()).getByText('Enter a valid email address.')).toBeTruthy();
    expect(within(region()).getByRole('alert').textContent).toContain("An unexpected error has occurred. Please contact the event's organizers for assistance.");
  });
});
