import { useTranslate } from '../../i18n';
import '../booking.css';

/** Spec 9: the wizard has four steps. */
export const WIZARD_STEPS = [1, 2, 3, 4] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface StepIndicatorProps {
  readonly current: WizardStep;
  /** A free order: step 3 is an overview, not a payment. */
  readonly free?: boolean;
  /** A payment is being processed: step 3 shows a spinner. */
  readonly paymentInProgress?: boolean;
}

/**
 * The four purchase steps (spec 2, Step indicator): earlier steps marked done, the current one with
 * aria-current="step", step 3 worded for free orders and spinning while a payment is in progress.
 */
export function StepIndicator({ current, free = false, paymentInProgress = false }: StepIndicatorProps) {
  const t = useTranslate();
  const label = (step: WizardStep) => (step === 3 && free ? t('breadcrumb.step3.free') : t(`breadcrumb.step${step}`));
  return (
    <nav className="steps" aria-label={t('a11y.step-indicator')}>
      <ol className="steps__list">
        {WIZARD_STEPS.map((step) => {
          const done = step < current;
          const spinning = step === 3 && paymentInProgress;
          const state = done ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li key={step} className={`steps__step steps__step--${state}`} aria-current={step === current ? 'step' : undefined}>
              <span className="steps__marker" aria-hidden="true">
                {spinning ? <span className="spinner" /> : done ? '✓' : step}
              </span>
              <span className="steps__label">{label(step)}</span>
              {done ? <span className="visually-hidden"> ({t('a11y.step.completed')})</span> : null}
              {spinning ? <span className="visually-hidden"> ({t('breadcrumb.payment-in-progress')})</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
