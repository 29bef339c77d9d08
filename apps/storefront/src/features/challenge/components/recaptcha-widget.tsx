import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useTranslate } from '../../i18n/hooks/use-translate.js';
import { loadRecaptcha } from '../recaptcha.js';

export interface RecaptchaWidgetProps {
  /** The event's `recaptchaApiKey` (or the payment method's). */
  readonly siteKey: string;
  /** The solved widget's token, null again when it expires, fails or is reset. */
  readonly onToken: (token: string | null) => void;
  /** A new value resets the widget: its token was spent (the server verifies a token once) or refused. */
  readonly resetSignal: number;
}

/**
 * Spec 2 (event page and overview): the reCAPTCHA widget in a labelled group, with the instructions that tell a
 * screen reader what it is for. Google's frame is keyboard operable and names itself; while its script loads a
 * status says so, and a script that does not load says the check is unavailable (the server then refuses the
 * form with its captcha error, which the page shows).
 */
export function RecaptchaWidget({ siteKey, onToken, resetSignal }: RecaptchaWidgetProps) {
  const t = useTranslate();
  const lang = useLanguage();
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const tokenCallback = useRef(onToken);
  tokenCallback.current = onToken;

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(lang).then(
      (grecaptcha) => {
        if (cancelled || !container.current) return;
        // the API renders into an empty element once: a new element for each render (React may mount twice)
        const target = document.createElement('div');
        container.current.replaceChildren(target);
        widgetId.current = grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (token) => tokenCallback.current(token),
          'expired-callback': () => tokenCallback.current(null),
          'error-callback': () => tokenCallback.current(null),
        });
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      widgetId.current = null;
      container.current?.replaceChildren();
    };
  }, [siteKey, lang]);

  const firstSignal = useRef(resetSignal);
  useEffect(() => {
    if (resetSignal === firstSignal.current) return;
    if (widgetId.current !== null) window.grecaptcha?.reset?.(widgetId.current);
    tokenCallback.current(null);
  }, [resetSignal]);

  return (
    <div className="recaptcha" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-text`}>
      <p id={`${id}-label`} className="recaptcha__label">
        {t('captcha.label')}
      </p>
      <p id={`${id}-text`} className="form-note">
        {t('captcha.instructions')}
      </p>
      <div ref={container} className="recaptcha__widget" />
      {state === 'loading' ? (
        <p className="challenge__status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="alert alert--danger" role="alert">
          {t('error.STEP_2_CAPTCHA_VALIDATION_FAILED')}
        </p>
      ) : null}
    </div>
  );
}
