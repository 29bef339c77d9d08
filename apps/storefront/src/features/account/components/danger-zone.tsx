import { useId, useState } from 'react';
import { CheckboxField } from '../../booking';
import { useTranslate } from '../../i18n';
import { useDeleteProfile } from '../hooks/use-delete-profile';

/**
 * Spec 2 and 5, My profile: deleting the profile (which erases the person's data, issue 16) asks the person to tick
 * that they mean it first; the button does nothing before.
 */
export function DangerZone() {
  const t = useTranslate();
  const id = useId();
  const [acknowledged, setAcknowledged] = useState(false);
  const { remove, pending } = useDeleteProfile();
  return (
    <section className="account-danger" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('my-profile.danger-zone')}</h2>
      <p>{t('my-profile.delete-profile.description')}</p>
      <CheckboxField id={`${id}-acknowledge`} name="acknowledge" label={t('my-profile.delete-profile.confirm')} checked={acknowledged} onChange={setAcknowledged} />
      <button
        type="button"
        className="button account-danger__delete"
        disabled={!acknowledged}
        aria-busy={pending || undefined}
        onClick={() => {
          if (acknowledged && !pending) void remove();
        }}
      >
        {pending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('my-profile.delete-profile')}
      </button>
    </section>
  );
}
