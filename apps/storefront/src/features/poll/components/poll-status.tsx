import { useTranslate } from '../../i18n';

/** While the server answers: said to screen readers, a line for the eye. */
export function PollLoading() {
  const t = useTranslate();
  return (
    <p className="poll-status" role="status">
      {t('a11y.spinner')}
    </p>
  );
}

/** A poll or the list that could not be shown, in words (a message key), with a way to ask again where it may help. */
export function PollFailure({ message, onRetry }: { readonly message: string; readonly onRetry?: () => void }) {
  const t = useTranslate();
  return (
    <div className="notice notice--warning" role="alert">
      <p>{t(message)}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
