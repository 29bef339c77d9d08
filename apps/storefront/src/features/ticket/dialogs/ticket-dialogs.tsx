import { useTranslate } from '../../i18n';
import type { WalletLinks } from '../model/ticket-links';
import { TicketDialog } from './ticket-dialog';
import '../ticket.css';

interface DownloadProps {
  readonly pdfHref: string;
  readonly wallet: WalletLinks;
  readonly onClose: () => void;
}

/** Spec 2, download ticket: the PDF, and the wallet passes the site offers (app info walletConfiguration). */
export function DownloadTicketDialog({ pdfHref, wallet, onClose }: DownloadProps) {
  const t = useTranslate();
  const withWallet = Boolean(wallet.apple || wallet.google);
  return (
    <TicketDialog title={t('download-ticket.modal.title')} text={withWallet ? t('download-ticket.modal.text') : undefined} onClose={onClose}>
      <div className="ticket-dialog__downloads">
        <a className="button" href={pdfHref} download>
          {t('ticket.download-pdf')}
        </a>
        {wallet.apple ? (
          <a className="button button--secondary wallet-button wallet-button--apple" href={wallet.apple}>
            {t('ticket.wallet.apple')}
          </a>
        ) : null}
        {wallet.google ? (
          <a className="button button--secondary wallet-button wallet-button--google" href={wallet.google}>
            {t('ticket.wallet.google')}
          </a>
        ) : null}
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </TicketDialog>
  );
}

interface ReleaseProps {
  readonly pending: boolean;
  readonly onYes: () => void;
  readonly onNo: () => void;
}

/** Spec 2, release ticket confirmation: yes / no; no (or Escape) keeps the ticket. */
export function ReleaseTicketDialog({ pending, onYes, onNo }: ReleaseProps) {
  const t = useTranslate();
  return (
    <TicketDialog title={t('reservation-page-complete.confirm-cancellation.title')} text={t('reservation-page-complete.confirm-cancellation.text')} onClose={onNo}>
      <div className="modal__actions ticket-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onNo}>
          {t('reservation-page-complete.confirm-cancellation.button.no')}
        </button>
        <button type="button" className="button button--danger" onClick={onYes} disabled={pending} aria-busy={pending || undefined}>
          {t('reservation-page-complete.confirm-cancellation.button.yes')}
        </button>
      </div>
    </TicketDialog>
  );
}
