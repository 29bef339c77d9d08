import type { RefObject } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage, useTranslate } from '../../features/i18n';
import { loadRecaptcha } from './recaptcha-script';

/**
 * What a form reads of its captcha when it submits: the solved widget's token (null until solved, and again once
 * it expires or is reset), and `reset` (set while the widget shows) for when the token was spent: the server
 * verifies a token once, so any refusal of the form needs a new answer. A ref's value, not state: the form reads
 * it on submit, and nothing renders anew with it.
 */
export interface RecaptchaHandle {
  token: string | null;
  reset?: () => void;
}

export interface RecaptchaWidgetProps {
  /** The event's `recaptchaApiKey` (or the payment method's). */
  readonly siteKey: string;
  /** Where the form reads the token and resets the widget (see RecaptchaHandle). */
  readonly handle: RefObject<RecaptchaHandle>;
}

/**
 * The legacy form captcha (public-api.md 1.4) that the event page and the overview show where an event asks for
 * one; each page loads it as a part of its own (few events ask), so neither page's code carries it.
 *
 * Spec 2 (event page and overview): the reCAPTCHA widget in a labelled group, with the instructions that tell a
 * screen reader what it is for. Google's frame is keyboard operable and names itself; while its script loads a
 * status says so, and a script that does not load says the check is unavailable (the server then refuses the
 * form with its captcha error, which the page shows).
 */
export function RecaptchaWidget({ siteKey, handle }: RecaptchaWidgetProps) {
  const t = useTranslate();
  const lang = useLanguage();
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    const answer = handle.current;
    loadRecaptcha(lang).then(
      (grecaptcha) => {
        if (cancelled || !container.current) return;
        // the API renders into an empty element once: a new element for each render (React may mount twice)
        const target = document.createElement('div');
        container.current.replaceChildren(target);
        const forget = () => (answer.token = null);
        const widgetId = grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (token) => (answer.token = token),
          'expired-callback': forget,
          'error-callback': forget,
        });
        answer.reset = () => {
          forget();
          grecaptcha.reset(widgetId);
        };
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      answer.token = null;
      answer.reset = undefined;
      container.current?.replaceChildren();
    };
  }, [siteKey, lang, handle]);

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
