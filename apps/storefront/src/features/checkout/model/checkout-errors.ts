import { isApiError } from '@ticketing/api-client';
import type { FieldError, ServerValidationError } from '../../booking';
import type { Translate } from '../../i18n';

/** Spec 8: any 5xx, or a call that got no answer, shows this. */
export const UNEXPECTED_ERROR = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/** The `validationErrors` of a 422 body, or of a 200 `ValidatedResponse` that did not succeed. */
export function validationErrorsOf(body: unknown): ServerValidationError[] {
  const list = (body as { validationErrors?: unknown } | null)?.validationErrors;
  return Array.isArray(list) ? (list.filter((e) => typeof e === 'object' && e !== null) as ServerValidationError[]) : [];
}

/** A refused call's validation errors; anything else (5xx, network) is the unexpected error. */
export function refusalOf(error: unknown): ServerValidationError[] {
  if (isApiError(error) && error.status < 500) {
    const errors = validationErrorsOf(error.body);
    if (errors.length) return errors;
  }
  return [{ fieldName: null, code: UNEXPECTED_ERROR, arguments: null }];
}

/** `warnings: [{code, params}]` of a validated response, as messages (spec 8: the first one is shown). */
export function warningsOf(body: unknown): FieldError[] {
  const list = (body as { warnings?: unknown } | null)?.warnings;
  if (!Array.isArray(list)) return [];
  return list
    .filter((w): w is { code: string; params?: unknown } => typeof w === 'object' && w !== null && typeof (w as { code?: unknown }).code === 'string')
    .map((w) => ({ code: w.code, args: Array.isArray(w.params) ? w.params.map((p) => (typeof p === 'number' ? p : String(p ?? ''))) : [] }));
}

/**
 * A failed payment's reason in the buyer's language: the text of its provider code where the bundle has one
 * (`error.STEP2_STRIPE_card_declined`), else the provider's own words (the server keeps the provider's English).
 */
export function failureWords(t: Translate, failure: { readonly code?: string | null; readonly message?: string | null }): string {
  const key = failure.code ? `error.STEP2_STRIPE_${failure.code}` : null;
  const text = key === null ? null : t(key);
  return text !== null && text !== key ? text : t(failure.message ?? 'error.STEP2_STRIPE_unexpected');
}
