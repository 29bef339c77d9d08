import { bundleFor, en } from '@ticketing/i18n';
import { RuleViolations } from '@ticketing/kernel';

/** Spec 8: a payment refused or failed, the reason as argument 0. */
export const PAYMENT_PROCESSING_ERROR = 'error.STEP_2_PAYMENT_PROCESSING_ERROR';

/**
 * A failed payment's reason as the refusal's argument: the message key of a provider code the bundles know
 * (`error.STEP2_STRIPE_card_declined`), else the provider's own words, else the unexpected-error key. The call that
 * answers words a key in the buyer's language (localizedPaymentReason).
 */
export function failureReason(failure: { readonly code: string | null; readonly message: string | null } | null | undefined): string {
  const key = failure?.code ? `error.STEP2_STRIPE_${failure.code}` : null;
  return (key !== null && key in en ? key : null) ?? failure?.message ?? 'error.STEP2_STRIPE_unexpected';
}

/**
 * The refusal with its reason worded in `lang` (reference 3.3 item 21: "localized provider message", as alf.io
 * resolves it): a client shows argument 0 as it comes, so a message key must not reach it. Other errors pass as they are.
 */
export function localizedPaymentReason(error: unknown, lang: string): unknown {
  if (!(error instanceof RuleViolations) || !error.violations.some((v) => v.code === PAYMENT_PROCESSING_ERROR)) return error;
  const bundle = bundleFor(lang);
  return new RuleViolations(
    error.violations.map((v) => {
      const reason = v.args[0];
      if (v.code !== PAYMENT_PROCESSING_ERROR || typeof reason !== 'string' || !(reason in bundle)) return v;
      return { ...v, args: [bundle[reason], ...v.args.slice(1)] };
    }),
  );
}
