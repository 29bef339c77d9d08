import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { bundles } from '@ticketing/i18n';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, renderWithProviders } from '../../../test/test-context';
import type { ToastType } from '../atoms';
import { TOAST_HIDE_MS } from '../atoms';
import { useToast } from '../hooks/use-toast';
import { ToastRegion } from './toast-region';

/**
 * Every toast of the spec (point 8, the error catalogue; point 2, Chrome; point 4, pending-ticket refresh), the
 * component that raises it, and the spec that shows it raised there (issue 19, item 3):
 *
 * | spec | code (type)                                                      | raised by (features/...)                                | raised in the spec             |
 * |------|------------------------------------------------------------------|---------------------------------------------------------|--------------------------------|
 * | 8    | error.STEP_2_PAYMENT_REQUEST_CREATION (ERROR): a 5xx, a failed call | reservation-status/hooks/use-resend-email.ts, ticket/hooks/use-send-ticket.ts, ticket/hooks/use-release-ticket.ts, checkout hooks (UNEXPECTED_ERROR) | ticket-pages, booking-page (cancel failure) |
 * | 8    | reservation-page.cannot-login.error (ERROR)                       | the user menu's login (accounts pages, issue 19, in main) | accounts' specs                |
 * | 8    | a pass reserve's first validation code, else reservation-page-error-status.header.title (ERROR) | subscription-reservation/hooks/use-reserve-subscription.ts | subscription-page.unit.spec    |
 * | 8    | email.confirmation-email-sent (SUCCESS)                           | reservation-status/hooks/use-resend-email.ts            | reservation-pages.unit.spec    |
 * | 8    | reservation-page-complete.subscription.copy.success (SUCCESS)     | subscription-reservation/components/copy-code.tsx       | subscription-reservation.unit.spec, pass-purchase.e2e |
 * | 8    | email.ticket-email-sent (SUCCESS)                                 | ticket/hooks/use-send-ticket.ts                         | ticket-pages, reservation-pages |
 * | 8    | my-profile.update.success (SUCCESS)                               | my profile (accounts pages, in main)                    | accounts' specs                |
 * | 2    | my-profile.delete.success, my-profile.sign-up.success (SUCCESS)   | my profile, sign-up return (accounts pages, in main)    | accounts' specs                |
 * | 4    | show-event.category.refresh.success (SUCCESS), debounced 500 ms   | event-page/hooks/use-refresh-categories.ts              | ticket-selection.unit.spec     |
 * | 8    | reservation.payment-processing.delay.message (INFO)              | checkout/card-payment/use-card-payment.ts               | card-payments.e2e              |
 *
 * Here: each code shows its own text in en, de, fr and it (never the bare key), errors in the assertive alert
 * region, success and info in the polite status region, gone after the spec's 2500 ms (point 9); and each row
 * naming a file of this app is raised there.
 */
interface Row {
  readonly code: string;
  readonly type: ToastType;
  readonly args?: readonly string[];
  /** Files under src/features that raise it (empty: the accounts pages, built beside this work). */
  readonly raisedBy: readonly string[];
}

const ROWS: readonly Row[] = [
  { code: 'error.STEP_2_PAYMENT_REQUEST_CREATION', type: 'ERROR', raisedBy: ['reservation-status/hooks/use-resend-email.ts', 'ticket/hooks/use-send-ticket.ts', 'ticket/hooks/use-release-ticket.ts', 'checkout/model/checkout-errors.ts'] },
  { code: 'reservation-page.cannot-login.error', type: 'ERROR', raisedBy: [] },
  { code: 'reservation-page-error-status.header.title', type: 'ERROR', raisedBy: ['subscription-reservation/hooks/use-reserve-subscription.ts'] },
  { code: 'email.confirmation-email-sent', type: 'SUCCESS', raisedBy: ['reservation-status/hooks/use-resend-email.ts'] },
  { code: 'reservation-page-complete.subscription.copy.success', type: 'SUCCESS', raisedBy: ['subscription-reservation/components/copy-code.tsx'] },
  { code: 'email.ticket-email-sent', type: 'SUCCESS', raisedBy: ['ticket/hooks/use-send-ticket.ts'] },
  { code: 'my-profile.update.success', type: 'SUCCESS', raisedBy: [] },
  { code: 'my-profile.delete.success', type: 'SUCCESS', raisedBy: [] },
  { code: 'my-profile.sign-up.success', type: 'SUCCESS', raisedBy: [] },
  { code: 'show-event.category.refresh.success', type: 'SUCCESS', raisedBy: ['event-page/hooks/use-refresh-categories.ts'] },
  { code: 'reservation.payment-processing.delay.message', type: 'INFO', raisedBy: ['checkout/card-payment/use-card-payment.ts'] },
];

const LANGS = ['en', 'de', 'fr', 'it'] as const;
const text = (lang: string, code: string) => (bundles as Record<string, Record<string, string>>)[lang]![code];
// the specs run from the repository's root
const features = 'apps/storefront/src/features/';

function Raise({ row }: { row: Row }) {
  const toast = useToast();
  const raise = row.type === 'ERROR' ? toast.error : row.type === 'SUCCESS' ? toast.success : toast.info;
  return (
    <button type="button" onClick={() => raise(row.code, ...(row.args ?? []))}>
      raise
    </button>
  );
}

describe('every toast code of spec point 8 (and 2, 4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  describe.each(LANGS)('in %s', (lang) => {
    it.each(ROWS.map((row) => [row.code, row] as const))('%s shows its own text in its region, for 2500 ms', (_code, row) => {
      const expected = text(lang, row.code);
      expect(expected, `${row.code} in ${lang}`).toBeTruthy();
      expect(expected).not.toBe(row.code);
      renderWithProviders(
        <>
          <Raise row={row} />
          <ToastRegion />
        </>,
        createTestContext({ lang, bundles: { [lang]: (bundles as Record<string, Record<string, string>>)[lang]! } }),
      );
      fireEvent.click(screen.getByRole('button', { name: 'raise' }));
      const region = screen.getByRole(row.type === 'ERROR' ? 'alert' : 'status');
      const other = screen.getByRole(row.type === 'ERROR' ? 'status' : 'alert');
      expect(region.textContent).toContain(expected);
      expect(other.textContent).toBe('');
      act(() => vi.advanceTimersByTime(TOAST_HIDE_MS - 1));
      expect(region.textContent).toContain(expected);
      act(() => vi.advanceTimersByTime(1));
      expect(region.textContent).toBe('');
    });
  });

  it.each(ROWS.filter((row) => row.raisedBy.length > 0).map((row) => [row.code, row] as const))('%s is raised where the table says', (_code, row) => {
    for (const file of row.raisedBy) expect(readFileSync(`${features}${file}`, 'utf8'), file).toContain(`'${row.code}'`);
  });

  it('hides after the spec constant', () => {
    expect(TOAST_HIDE_MS).toBe(2500);
  });
});
