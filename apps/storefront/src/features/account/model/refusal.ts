import { isApiError } from '@ticketing/api-client';
import type { ServerValidationError } from '../../booking';

/** Spec 8: any 5xx, or a call that got no answer, shows this. */
export const UNEXPECTED_ERROR = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/** The `validationErrors` of a 422 body, or of a 200 `ValidatedResponse` that did not succeed. */
export function validationErrorsOf(body: unknown): ServerValidationError[] {
  const list = (body as { validationErrors?: unknown } | null)?.validationErrors;
  return Array.isArray(list) ? (list.filter((e) => typeof e === 'object' && e !== null) as ServerValidationError[]) : [];
}

/** A refused call's validation errors; anything else (5xx, network, a refusal without any) is the unexpected error. */
export function refusalOf(error: unknown): ServerValidationError[] {
  if (isApiError(error) && error.status < 500) {
    const errors = validationErrorsOf(error.body);
    if (errors.length) return errors;
  }
  return [{ fieldName: null, code: UNEXPECTED_ERROR, arguments: null }];
}
