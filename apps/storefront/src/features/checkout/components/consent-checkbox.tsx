import { ExternalLink } from '../../../components/external-link';
import { useTranslate } from '../../i18n';

interface Props {
  readonly id: string;
  readonly name: string;
  /** 'I have read and accept the {{0}}': {{0}} becomes the link. */
  readonly messageKey: string;
  readonly linkTextKey: string;
  readonly href: string | null | undefined;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

/** A required acceptance (terms, privacy policy) whose label links to the document accepted. */
export function ConsentCheckbox({ id, name, messageKey, linkTextKey, href, checked, onChange }: Props) {
  const t = useTranslate();
  const [before, after = ''] = t(messageKey, '\u0000').split('\u0000');
  return (
    <div className="field field--checkbox">
      <input id={id} name={name} type="checkbox" required checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>
        {before}
        {href ? <ExternalLink href={href}>{t(linkTextKey)}</ExternalLink> : t(linkTextKey)}
        {after}{' '}
        <span className="booking-required" aria-hidden="true">
          *
        </span>
      </label>
    </div>
  );
}
