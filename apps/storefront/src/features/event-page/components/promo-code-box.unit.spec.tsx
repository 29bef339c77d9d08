import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventCode } from '../../../api/catalog-queries';
import { renderWithProviders } from '../../../test/test-context';
import { PromoCodeBox } from './promo-code-box';

function renderBox(props: Partial<Parameters<typeof PromoCodeBox>[0]> = {}) {
  const onApply = vi.fn(async () => true);
  const onRemove = vi.fn();
  renderWithProviders(
    <PromoCodeBox applied={null} error={null} partner={false} currency="CHF" pending={false} onApply={onApply} onRemove={onRemove} {...props} />,
  );
  return { onApply: (props.onApply as typeof onApply | undefined) ?? onApply, onRemove };
}

const field = () => screen.getByRole('textbox', { name: 'Enter your promotional code here' });

describe('promo code box', () => {
  afterEach(cleanup);

  it('applies the code with Enter in the field', async () => {
    const { onApply } = renderBox();
    fireEvent.change(field(), { target: { value: ' SPRING10 ' } });
    fireEvent.submit(field().closest('form')!);
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('SPRING10'));
  });

  it('applies the code with the button', async () => {
    const { onApply } = renderBox();
    fireEvent.change(field(), { target: { value: 'SPRING10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('SPRING10'));
  });

  it('requires a code', () => {
    const { onApply } = renderBox();
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a code.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('clears the field when the code was not valid, and shows the error it is given', async () => {
    const onApply = vi.fn(async () => false);
    renderBox({ onApply, error: 'error.STEP_1_CODE_NOT_FOUND' });
    fireEvent.change(field(), { target: { value: 'NOPE' } });
    fireEvent.submit(field().closest('form')!);
    await waitFor(() => expect(field()).toHaveProperty('value', ''));
    expect(screen.getByRole('alert').textContent).toBe('This code is not valid or has already been used.');
  });

  it('keeps its buttons focusable while busy (aria-disabled), and ignores them meanwhile', () => {
    const { onApply } = renderBox({ pending: true });
    fireEvent.change(field(), { target: { value: 'SPRING10' } });
    const apply = screen.getByRole('button', { name: 'Apply code' });
    expect(apply.hasAttribute('disabled')).toBe(false);
    expect(apply.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('speaks of partner codes when the event says so', () => {
    renderBox({ partner: true });
    expect(screen.getByRole('heading', { name: 'Do you have a partner code?' })).toBeTruthy();
  });

  it.each<[EventCode, string]>([
    [{ code: 'TEN', type: 'DISCOUNT', discountType: 'PERCENTAGE', discountAmount: '10' }, '10% discount on the total price'],
    [{ code: 'FIVE', type: 'DISCOUNT', discountType: 'FIXED_AMOUNT', discountAmount: '5.00' }, '5.00 CHF discount on each ticket'],
    [{ code: 'VIP', type: 'ACCESS', discountType: 'NONE', discountAmount: null }, 'Your code unlocks restricted ticket categories.'],
  ])('shows what the applied code %# does, and removes it', (applied, effect) => {
    const { onRemove } = renderBox({ applied });
    expect(screen.getByRole('heading', { name: `promotional code applied: ${applied.code}` })).toBeTruthy();
    expect(screen.getByText(effect)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(onRemove).toHaveBeenCalled();
  });
});
