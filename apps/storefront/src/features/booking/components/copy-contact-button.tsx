import { useTranslate } from '../../i18n';

export interface CopyContactButtonProps {
  /** Copies the contact's names and e-mail into the ticket (see contactAsAttendee). */
  readonly onCopy: () => void;
}

/** Spec 2: with a single ticket (and attendee autocomplete off) the ticket takes the contact data in one click. */
export function CopyContactButton({ onCopy }: CopyContactButtonProps) {
  const t = useTranslate();
  return (
    <button type="button" className="button button--secondary button--small" onClick={onCopy}>
      {t('reservation-page.copy-attendee')}
    </button>
  );
}
