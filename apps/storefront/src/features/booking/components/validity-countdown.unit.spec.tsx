import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { countdownLevel, countdownParts } from '../model/countdown';
import { ValidityCountdown } from './validity-countdown';

const MINUTE = 60_000;

describe('countdown arithmetic (spec 4, 9)', () => {
  it('switches level at 300000, 60000 and 1000 ms', () => {
    expect([300_000, 299_999, 60_000, 59_999, 1_000, 999, -5].map(countdownLevel)).toEqual([
      'normal', 'warning', 'warning', 'danger', 'danger', 'expired', 'expired',
    ]);
  });

  it('splits the time into months, weeks, days, hours, minutes and seconds', () => {
    const DAY = 24 * 60 * MINUTE;
    expect(countdownParts(30 * DAY + 8 * DAY + 3 * 60 * MINUTE + 2 * MINUTE + 1500)).toEqual([
      { unit: 'month', value: 1 }, { unit: 'week', value: 1 }, { unit: 'day', value: 1 },
      { unit: 'hour', value: 3 }, { unit: 'minute', value: 2 }, { unit: 'second', value: 1 },
    ]);
  });
});

describe('validity countdown', () => {
  let clock = 0;
  const now = () => clock;
  const tick = (ms: number) =>
    act(() => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    });
  const timer = () => screen.getByRole('timer');
  const status = () => screen.getByRole('status');
  const banner = () => timer().parentElement!;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('tells the time left in words and counts down each second', () => {
    renderWithProviders(<ValidityCountdown expiresAt={clock + 10 * MINUTE + 5_000} now={now} />);
    expect(timer().textContent).toBe('You have 10 minutes and 5 seconds to complete this order');
    tick(1000);
    expect(timer().textContent).toBe('You have 10 minutes and 4 seconds to complete this order');
    expect(banner().className).toBe('countdown countdown--normal');
  });

  it('turns to warning and sticks to the top under 5 minutes, to danger under 1 minute', () => {
    renderWithProviders(<ValidityCountdown expiresAt={clock + 5 * MINUTE + 1_000} now={now} />);
    expect(banner().className).toBe('countdown countdown--normal');
    tick(2000);
    expect(banner().className).toBe('countdown countdown--warning countdown--sticky');
    tick(4 * MINUTE);
    expect(banner().className).toBe('countdown countdown--danger countdown--sticky');
    expect(timer().textContent).toBe('You have 59 seconds to complete this order');
  });

  it('gives the page a scroll padding of its height while it sticks, so that a focused field is not hidden under it', () => {
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('countdown--sticky') ? 56 : 0;
    });
    try {
      const padding = () => document.documentElement.style.getPropertyValue('scroll-padding-top');
      const { unmount } = renderWithProviders(<ValidityCountdown expiresAt={clock + 5 * MINUTE + 1_000} now={now} />);
      expect(padding()).toBe('');
      tick(2000);
      expect(banner().className).toContain('countdown--sticky');
      expect(padding()).toBe('56px');
      unmount();
      expect(padding()).toBe('');
    } finally {
      height.mockRestore();
    }
  });

  it('announces politely only when a threshold is crossed, not every second', () => {
    renderWithProviders(<ValidityCountdown expiresAt={clock + 5 * MINUTE + 2_000} now={now} />);
    expect(timer().getAttribute('aria-live')).toBe('off');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('');
    tick(1000);
    expect(status().textContent).toBe('');
    tick(2000);
    const atWarning = status().textContent;
    expect(atWarning).toBe('You have 4 minutes and 59 seconds to complete this order');
    tick(1000);
    tick(1000);
    expect(status().textContent).toBe(atWarning);
    tick(4 * MINUTE);
    expect(status().textContent).toBe('You have 57 seconds to complete this order');
  });

  it('shows the expired message under one second and calls onExpired once', () => {
    const onExpired = vi.fn();
    renderWithProviders(<ValidityCountdown expiresAt={clock + 3_000} now={now} onExpired={onExpired} />);
    tick(1000);
    expect(onExpired).not.toHaveBeenCalled();
    tick(1000);
    expect(timer().textContent).toBe('You have 1 second to complete this order');
    tick(1000);
    expect(timer().textContent).toBe("Order has expired. Click the 'Cancel' button.");
    expect(status().textContent).toBe("Order has expired. Click the 'Cancel' button.");
    tick(5000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('is expired at once for a reservation already past its validity', () => {
    const onExpired = vi.fn();
    renderWithProviders(<ValidityCountdown expiresAt={clock - 1} now={now} onExpired={onExpired} />);
    expect(timer().textContent).toBe("Order has expired. Click the 'Cancel' button.");
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});
