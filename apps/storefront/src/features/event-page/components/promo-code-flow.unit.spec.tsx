import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';

const API = '/api/v2/public/event/concert';
const NOT_FOUND = {
  status: 422,
  body: {
    success: false,
    errorCount: 1,
    validationErrors: [{ fieldName: 'promoCode', code: 'error.STEP_1_CODE_NOT_FOUND', arguments: null }],
    value: { code: 'NOPE', type: null, discountType: null, discountAmount: null },
    warnings: [],
  },
};
const valid = (code: string) => ({
  success: true,
  errorCount: 0,
  validationErrors: [],
  value: { code, type: 'ACCESS', discountType: 'NONE', discountAmount: null },
  warnings: [],
});

const discount = (code: string) => ({
  success: true,
  errorCount: 0,
  validationErrors: [],
  value: { code, type: 'DISCOUNT', discountType: 'PERCENTAGE', discountAmount: '10' },
  warnings: [],
});
const RESERVATION_ID = '4b7e2f8a-1c3d-4e5f-9a0b-1c2d3e4f5a6b';

const plain = makeItems({ ticketCategories: [makeCategory(1, 'Standard')] });
const withHidden = makeItems({ ticketCategories: [makeCategory(1, 'Standard'), makeCategory(5, 'Backstage', { accessRestricted: true, ordinal: -1 })] });

function routes() {
  return {
    [API]: makeEvent('concert'),
    [`${API}/ticket-categories`]: plain,
    [`${API}/ticket-categories?code=VIP`]: withHidden,
    [`${API}/validate-code?code=VIP`]: valid('VIP'),
    [`${API}/validate-code?code=NOPE`]: NOT_FOUND,
    [`${API}/validate-code?code=TEN`]: discount('TEN'),
    [`${API}/ticket-categories?code=TEN`]: makeItems({ ticketCategories: [makeCategory(1, 'Standard', { hasDiscount: true, formattedDiscountedPrice: '90.00' })] }),
    [`POST ${API}/check-discount`]: { status: 204 },
    [`POST ${API}/reserve-tickets`]: { success: true, errorCount: 0, validationErrors: [], value: RESERVATION_ID, warnings: [] },
    // the reservation pages' status guard: a fresh reservation belongs on the booking step
    [`/api/v2/public/reservation/${RESERVATION_ID}/status`]: { status: 'PENDING', validatedBookingInformation: false },
  };
}

const categoryNames = () =>
  within(within(screen.getByRole('region', { name: 'Tickets' })).getAllByRole('list')[0]!)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('promo code on the event page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('applies a valid code: the code goes in the address and the categories reload with it', async () => {
    const { router, calls } = renderApp('/event/concert', routes());
    const field = await screen.findByRole('textbox', { name: 'Enter your promotional code here' });
    fireEvent.change(field, { target: { value: 'VIP' } });
    fireEvent.submit(field.closest('form')!);

    await waitFor(() => expect(router.state.location.search).toEqual({ code: 'VIP' }));
    await waitFor(() => expect(categoryNames()).toContain('Backstage'));
    expect(screen.getByText('Your code unlocks restricted ticket categories.')).toBeTruthy();
    expect(calls).toContain(`${API}/ticket-categories?code=VIP`);
    expect(calls.filter((c) => c.includes('validate-code'))).toHaveLength(1);
  });

  it('hands the focus on when a code is applied (to Remove) and removed (to the field), and says so in a live region both states keep', async () => {
    renderApp('/event/concert', routes());
    const field = await screen.findByRole('textbox', { name: 'Enter your promotional code here' });
    const box = field.closest('section')!;
    const status = within(box).getByRole('status');
    expect(status.textContent).toBe('');
    field.focus();
    fireEvent.change(field, { target: { value: 'VIP' } });
    fireEvent.submit(field.closest('form')!);

    const remove = await screen.findByRole('button', { name: 'Remove code' });
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(within(box).getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Code VIP applied.');

    fireEvent.click(remove);
    const fieldAgain = await screen.findByRole('textbox', { name: 'Enter your promotional code here' });
    await waitFor(() => expect(document.activeElement).toBe(fieldAgain));
    expect(within(box).getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Code VIP removed.');
  });

  it('rejects an invalid code: error shown, field cleared, categories reloaded without a code', async () => {
    const { router, calls } = renderApp('/event/concert?code=VIP', routes());
    await waitFor(() => expect(categoryNames()).toContain('Backstage'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(categoryNames()).not.toContain('Backstage'));
    expect(router.state.location.search).toEqual({});

    const before = calls.filter((c) => c === `${API}/ticket-categories`).length;
    const field = screen.getByRole('textbox', { name: 'Enter your promotional code here' });
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));

    expect((await screen.findByText('This code is not valid or has already been used.')).getAttribute('role')).toBe('alert');
    expect(field).toHaveProperty('value', '');
    await waitFor(() => expect(calls.filter((c) => c === `${API}/ticket-categories`).length).toBe(before + 1));
    expect(calls).not.toContain(`${API}/ticket-categories?code=NOPE`);
    expect(router.state.location.search).toEqual({});
  });

  it('checks a code that comes with the address, and never asks for categories with an invalid one', async () => {
    const { calls } = renderApp('/event/concert?code=NOPE', routes());
    expect(await screen.findByText('This code is not valid or has already been used.')).toBeTruthy();
    expect(categoryNames()).toEqual(['Standard']);
    expect(calls).toContain(`${API}/ticket-categories`);
    expect(calls.some((c) => c.includes('ticket-categories?code='))).toBe(false);
  });

  it('keeps the chosen quantities when a code is applied, and reserves with the code', async () => {
    const { router, requests } = renderApp('/event/concert', routes());
    const quantity = await screen.findByRole('combobox', { name: 'Quantity for Standard' });
    fireEvent.change(quantity, { target: { value: '2' } });
    const field = screen.getByRole('textbox', { name: 'Enter your promotional code here' });
    fireEvent.change(field, { target: { value: 'VIP' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(categoryNames()).toContain('Backstage'));
    expect(screen.getByRole('combobox', { name: 'Quantity for Standard' })).toHaveProperty('value', '2');

    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Backstage' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    const reserve = requests.find((r) => r.url.includes('/reserve-tickets'))!;
    expect(reserve.body).toEqual({
      reservation: [
        { ticketCategoryId: 1, amount: 2 },
        { ticketCategoryId: 5, amount: 1 },
      ],
      additionalService: [],
      promoCode: 'VIP',
      captcha: null, // the event asks for no captcha
    });
  });

  it('does not look for an automatic discount while a discount code is applied (an access code does not stop it)', async () => {
    const { calls, requests } = renderApp('/event/concert?code=TEN', routes());
    const quantity = await screen.findByRole('combobox', { name: 'Quantity for Standard' });
    fireEvent.change(quantity, { target: { value: '1' } });
    await new Promise((r) => setTimeout(r, 800));
    expect(calls.filter((c) => c.endsWith('/check-discount'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove code' })).toBeNull());
    fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Standard' }), { target: { value: '2' } });
    await waitFor(() => expect(requests.filter((r) => r.url.endsWith('/check-discount')).at(-1)?.body).toEqual({ reservation: [{ ticketCategoryId: 1, amount: 2 }], promoCode: null }), {
      timeout: 3000,
    });
  });
});
