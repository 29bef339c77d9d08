import { ExternalLink } from '../../../components/external-link';
import { useTranslate } from '../../i18n';
import type { ErrorMessage } from '../reservation-errors';

interface Props {
  readonly id: string;
  readonly name: string;
  /** 'I have read and accept the {{0}}': {{0}} becomes the link. */
  readonly messageKey: string;
  readonly linkTextKey: string;
  /** The document; without one the link text stays plain text. */
  readonly href: string | null | undefined;
  readonly checked: boolean;
  readonly error: ErrorMessage | undefined;
  readonly onChange: (checked: boolean) => void;
}

/** A required acceptance checkbox whose label links to the document accepted (terms, privacy policy). */
export function ConsentCheckbox({ id, name, messageKey, linkTextKey, href, checked, error, onChange }: Props) {
  const t = useTranslate();
  const [before, after = ''] = t(messageKey, '\u0000').split('\u0000');
  const errorId = `${id}-error`;
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        required
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>
        {before}
        {href ? <ExternalLink href={href}>{t(linkTextKey)}</ExternalLink> : t(linkTextKey)}
        {after} <span aria-hidden="true">*</span>
      </label>
      {error ? (
        <p id={errorId} className="field-error">
          {t(error.code, ...error.args)}
        </p>
      ) : null}
    </div>
  );
}
