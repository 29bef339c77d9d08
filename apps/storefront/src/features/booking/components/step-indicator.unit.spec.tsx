import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { StepIndicator } from './step-indicator';

const steps = () => within(screen.getByRole('navigation', { name: 'Purchase progress' })).getAllByRole('listitem');

describe('step indicator (spec 2)', () => {
  afterEach(cleanup);

  it('shows the four steps, the current one with aria-current="step" and the earlier ones done', () => {
    renderWithProviders(<StepIndicator current={2} />);
    const items = steps();
    expect(items.map((li) => li.textContent)).toEqual(['✓Selection (completed)', '2Contact details', '3Payment', '4Thank you']);
    expect(items.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step', null, null]);
  });

  it('words step 3 for a free order', () => {
    renderWithProviders(<StepIndicator current={3} free />);
    expect(steps()[2]!.textContent).toBe('3Overview');
    expect(steps()[2]!.getAttribute('aria-current')).toBe('step');
    expect(steps().slice(0, 2).every((li) => li.textContent?.includes('(completed)'))).toBe(true);
  });

  it('spins on step 3 while a payment is in progress, and says so', () => {
    const { container } = renderWithProviders(<StepIndicator current={3} paymentInProgress />);
    expect(steps()[2]!.textContent).toContain('Payment in progress');
    expect(steps()[2]!.querySelector('.spinner')).not.toBeNull();
    expect(container.querySelectorAll('.spinner')).toHaveLength(1);
  });
});
