import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { TOAST_HIDE_MS } from '../atoms';
import { useToast } from '../hooks/use-toast';
import { ToastRegion } from './toast-region';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('greeting', 'Ada')}>success</button>
      <button type="button" onClick={() => toast.error('Payment failed')}>error</button>
      <button type="button" onClick={() => toast.info('Heads up')}>info</button>
    </>
  );
}

describe('global toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('announces a success toast politely and hides it after 2500 ms', () => {
    renderWithProviders(<><Trigger /><ToastRegion /></>);
    fireEvent.click(screen.getByRole('button', { name: 'success' }));

    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Hello Ada');

    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS - 1));
    expect(screen.getByRole('status').textContent).toContain('Hello Ada');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(TOAST_HIDE_MS).toBe(2500);
  });

  it('puts an error in the alert region, and a newer toast restarts the timer', () => {
    renderWithProviders(<><Trigger /><ToastRegion /></>);
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByRole('alert').textContent).toContain('Payment failed');

    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('status').textContent).toContain('Heads up');

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('status').textContent).toContain('Heads up');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('can be closed with its button', () => {
    renderWithProviders(<><Trigger /><ToastRegion /></>);
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
