import { useTranslate } from '../../i18n';

/**
 * The continue button (spec 2, 4). It submits the selection form (`form`), which sits apart from it because the
 * promo code box, a form of its own, comes in between. While reserving it is busy and disabled, with a spinner
 * and the in-progress text in its name. Disabled through aria-disabled, not the attribute: a disabled button
 * drops the focus, and the visitor would lose their place (also when the challenge modal hands the focus back);
 * the submit handler ignores it while busy.
 */
export function ReserveButton({ form, pending }: { form: string; pending: boolean }) {
  const t = useTranslate();
  return (
    <button type="submit" form={form} className="button button--block button--large" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending ? t('show-event.reserve.in-progress') : t('show-event.continue')}
    </button>
  );
}
