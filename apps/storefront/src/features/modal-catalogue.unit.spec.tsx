import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bundles } from '@ticketing/i18n';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, renderWithProviders } from '../test/test-context';
import { ChallengeModal } from './challenge/components/challenge-modal';
import { CancelReservationDialog, ExpiredDialog, WarningDialog } from './checkout/components/checkout-dialogs';
import { DownloadTicketDialog, ReleaseTicketDialog } from './ticket/dialogs/ticket-dialogs';

/**
 * Every modal of spec point 2 (Modals), the component that is it, and where it opens (issue 19, item 2):
 *
 * | spec 2 modal                                        | component (features/...)                                   | opened by, and its page spec                          |
 * |-----------------------------------------------------|------------------------------------------------------------|-------------------------------------------------------|
 * | challenge (static backdrop, title and text)         | challenge/components/challenge-modal.tsx (ChallengeDialog) | any protected call: reserve-challenge.unit.spec       |
 * | reservation expired (static; button to event site)  | checkout/components/checkout-dialogs.tsx ExpiredDialog     | booking and overview countdown: booking-page.unit.spec, checkout.e2e |
 * | cancel reservation confirmation (yes / no)          | checkout/components/checkout-dialogs.tsx CancelReservationDialog | booking and overview: booking-page.unit.spec, embedding.e2e |
 * | release ticket confirmation (yes / no)              | ticket/dialogs/ticket-dialogs.tsx ReleaseTicketDialog      | success and ticket pages: ticket-pages.unit.spec, embedding.e2e |
 * | warning (check again / proceed; first warning code) | checkout/components/checkout-dialogs.tsx WarningDialog     | booking submit: booking-page.unit.spec                |
 * | download ticket (PDF, optional wallet passes)       | ticket/dialogs/ticket-dialogs.tsx DownloadTicketDialog     | ticket actions: ticket-pages.unit.spec                |
 *
 * Here, each as a user meets it: a dialog with aria-modal, named by its title (in en, de, fr, it) and described by
 * its text; the focus moves in and Tab stays inside; Escape closes it, except the static expired modal (its button is
 * the only way out); the focus returns to the control that opened it.
 */
type Close = () => void;

interface Case {
  readonly name: string;
  readonly titleKey: string;
  /** Its text, which describes the dialog (absent: none). */
  readonly textKey?: string;
  /** Static: Escape does nothing. */
  readonly static?: boolean;
  /** The button that closes it. */
  readonly closeKey: string;
  readonly render: (close: Close) => ReactElement;
}

const noop = () => undefined;
const CASES: readonly Case[] = [
  {
    name: 'challenge',
    titleKey: 'challenge.modal.title',
    textKey: 'challenge.modal.text',
    closeKey: 'common.cancel',
    render: (close) => <ChallengeModal request={{ id: 1, siteKey: 'site-key', resolve: noop, fail: close }} />,
  },
  {
    name: 'reservation expired',
    titleKey: 'reservation-page.expired.title',
    textKey: 'reservation-page.expired.text',
    static: true,
    closeKey: 'reservation-page.expired.button',
    render: (close) => <ExpiredDialog onBackToEvent={close} />,
  },
  {
    name: 'cancel reservation',
    titleKey: 'reservation-page.cancel-reservation.confirmation.title',
    textKey: 'reservation-page.cancel-reservation.confirmation.text',
    closeKey: 'common.no',
    render: (close) => <CancelReservationDialog pending={false} onYes={close} onNo={close} />,
  },
  {
    name: 'release ticket',
    titleKey: 'reservation-page-complete.confirm-cancellation.title',
    textKey: 'reservation-page-complete.confirm-cancellation.text',
    closeKey: 'reservation-page-complete.confirm-cancellation.button.no',
    render: (close) => <ReleaseTicketDialog pending={false} onYes={close} onNo={close} />,
  },
  {
    name: 'warning',
    titleKey: 'warning.modal.title',
    textKey: 'warning.fiscal-code-name-mismatch',
    closeKey: 'warning.check',
    render: (close) => <WarningDialog warning={{ code: 'warning.fiscal-code-name-mismatch', args: [] }} pending={false} onCheck={close} onProceed={close} />,
  },
  {
    name: 'download ticket',
    titleKey: 'download-ticket.modal.title',
    textKey: 'download-ticket.modal.text',
    closeKey: 'common.close',
    render: (close) => <DownloadTicketDialog pdfHref="/ticket.pdf" wallet={{ apple: '/wallet/apple', google: '/wallet/google' }} onClose={close} />,
  },
];

const LANGS = ['en', 'de', 'fr', 'it'] as const;
const all = bundles as Record<string, Record<string, string>>;
const text = (lang: string, key: string) => all[lang]![key]!;

/** A page with the button that opens the modal. */
function Opener({ modal }: { modal: Case }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open ? modal.render(() => setOpen(false)) : null}
    </>
  );
}

function openIn(lang: string, modal: Case) {
  renderWithProviders(<Opener modal={modal} />, createTestContext({ lang, bundles: { [lang]: all[lang]! } }));
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: text(lang, modal.titleKey) }) };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document, { key: 'Tab', shiftKey });

describe('every modal of spec point 2', () => {
  beforeEach(() => {
    // the challenge's widget: rendered at once, as Turnstile would once its script is there
    window.turnstile = { render: () => 'widget-1', remove: noop };
  });
  afterEach(() => {
    cleanup();
    delete window.turnstile;
  });

  describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, modal) => {
    it.each(LANGS)('is a modal dialog named and described in %s', (lang) => {
      const { dialog } = openIn(lang, modal);
      expect(text(lang, modal.titleKey)).not.toBe(modal.titleKey);
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      if (modal.textKey) {
        const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
        expect(description.textContent).toBe(text(lang, modal.textKey));
      }
      expect(within(dialog).getByRole('button', { name: text(lang, modal.closeKey) })).toBeTruthy();
    });

    it('takes the focus, keeps Tab inside, and gives the focus back to its opener on close', async () => {
      const { opener, dialog } = openIn('en', modal);
      expect(dialog.contains(document.activeElement)).toBe(true);
      const controls = within(dialog).queryAllByRole('button').concat(within(dialog).queryAllByRole('link'));
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'));
      expect(focusable.length).toBeGreaterThan(0);
      expect(controls.length).toBe(focusable.length);
      focusable.at(-1)!.focus();
      tab();
      expect(document.activeElement).toBe(focusable[0]);
      tab(true);
      expect(document.activeElement).toBe(focusable.at(-1));

      fireEvent.click(within(dialog).getByRole('button', { name: text('en', modal.closeKey) }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(opener);
    });

    it(modal.static ? 'stays open on Escape (static)' : 'closes on Escape, the focus back on its opener', async () => {
      const { opener, dialog } = openIn('en', modal);
      // no modal closes on a click beside it (the challenge's and the expired one's backdrop is static, spec 2)
      fireEvent.click(dialog.parentElement!);
      expect(screen.getByRole('dialog')).toBe(dialog);
      fireEvent.keyDown(document, { key: 'Escape' });
      if (modal.static) {
        expect(screen.getByRole('dialog')).toBeTruthy();
        return;
      }
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(opener);
    });
  });
});
