import { useEffect, useId, useRef, useState } from 'react';
import { useFocusTrap } from '../../../hooks/use-focus-trap.js';
import { useLanguage, useTranslate } from '../../i18n/hooks/use-translate.js';
import type { ChallengeRequest } from '../atoms.js';
import { loadTurnstile } from '../turnstile.js';

/**
 * Spec 2 (Modals): the human-verification modal, with a static backdrop (a click outside does nothing), title
 * and text. Focus is trapped inside; Escape and the cancel button dismiss it, which fails the verification.
 * The Turnstile widget renders into it once its script is there and settles the request with its token.
 */
export function ChallengeModal({ request }: { request: ChallengeRequest }) {
  const t = useTranslate();
  const lang = useLanguage();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const widget = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const dismiss = () => request.fail('the visitor dismissed the challenge');
  useFocusTrap(dialog, dismiss);

  useEffect(() => {
    let cancelled = false;
    let widgetId: string | null | undefined;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !widget.current) return;
        widgetId = turnstile.render(widget.current, {
          sitekey: request.siteKey,
          language: lang,
          callback: (token) => request.resolve(token),
          'error-callback': () => request.fail('the challenge widget failed'),
        });
        setReady(true);
      },
      (error: unknown) => {
        if (!cancelled) request.fail(error instanceof Error ? error.message : 'the challenge could not start');
      },
    );
    return () => {
      cancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [request, lang]);

  return (
    <div className="modal-backdrop">
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="modal__title">
          {t('challenge.modal.title')}
        </h2>
        <p id={`${id}-text`}>{t('challenge.modal.text')}</p>
        <div ref={widget} className="challenge__widget" />
        {ready ? null : (
          <p className="challenge__status" role="status">
            <span className="spinner" aria-hidden="true" /> {t('common.loading')}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={dismiss}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
