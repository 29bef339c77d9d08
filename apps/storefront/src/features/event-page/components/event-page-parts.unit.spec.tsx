import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';

// The waiting list's chunk arrives when the test says so, as on a slow connection.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../waiting-list/waiting-list-section', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const API = '/api/v2/public/event/concert';
const onSale = makeItems({ ticketCategories: [makeCategory(1, 'Festival pass'), makeCategory(2, 'Day ticket')] });
// After the refusal: the pass is gone and the server opens the waiting list.
const soldOut = makeItems({
  waitingList: true,
  ticketCategories: [makeCategory(1, 'Festival pass', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true }), makeCategory(2, 'Day ticket')],
});

describe('a part of the event page that comes into view after the page is on screen', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the waiting list, opened by a refusal: a placeholder while its chunk loads; the page and the focus stay', async () => {
    let categoryCalls = 0;
    const { container } = renderApp('/event/concert', {
      [API]: makeEvent('concert'),
      [`${API}/ticket-categories`]: () => (++categoryCalls === 1 ? onSale : soldOut),
      [`POST ${API}/check-discount`]: { status: 204 },
      [`POST ${API}/reserve-tickets`]: {
        status: 422,
        body: { success: false, errorCount: 1, validationErrors: [{ fieldName: 'reservationForm', code: 'error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE', arguments: null }], value: null, warnings: [] },
      },
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
    const button = screen.getByRole('button', { name: 'Continue' });
    button.focus();
    fireEvent.click(button);

    // the categories reloaded with waitingList: the list renders for the first time, its chunk still on its way
    await waitFor(() => expect(container.querySelector('.part-placeholder')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Waiting list' })).toBeNull();
    // nothing of the page is hidden (React would hide it all for a suspension without a boundary of its own)
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('banner').length).toBeGreaterThan(0); // the site header
    expect(screen.getByText('A ticket category or option you selected is sold out or not on sale.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBe(document.activeElement);

    chunk.arrive();
    expect(await screen.findByRole('heading', { name: 'Waiting list' })).toBeTruthy();
    expect(container.querySelector('.part-placeholder')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
