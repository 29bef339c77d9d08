import { isApiError } from '@ticketing/api-client';
import type { MappedErrors, ServerValidationError, TicketFormValues } from '../../booking';
import { mapServerErrors } from '../../booking';

/** Spec 8: any 5xx, or a call that got no answer, shows this. */
export const UNEXPECTED_ERROR = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/** The body of `PUT /event/{e}/ticket/{uuid}` (UpdateTicketOwnerForm, reference 34); the booking rules judge the same. */
export interface OwnerFormBody {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  /** None chosen: null (the server presets the only language of an event that has one). */
  readonly userLanguage: string | null;
  readonly additional: Record<string, string[]>;
}

export function ownerFormBody(values: TicketFormValues): OwnerFormBody {
  const additional: Record<string, string[]> = {};
  for (const [name, answers] of Object.entries(values.additional)) additional[name] = [...answers];
  return { firstName: values.firstName, lastName: values.lastName, email: values.email, userLanguage: values.userLanguage || null, additional };
}

/**
 * Errors named as the update form names them (`email`, `firstName`, `additional[diet][0]`: reference 34 and the
 * booking rules' validateTicketOwner alike), placed on the attendee form, whose fields carry the booking step's
 * names (`tickets[<uuid>].email`). `fields`: the names of the controls on screen; any other error is global.
 */
export function placeOwnerErrors(ticketId: string, errors: readonly ServerValidationError[], fields?: Iterable<string>): MappedErrors {
  const named = errors.map((e) => (typeof e.fieldName === 'string' && e.fieldName !== '' ? { ...e, fieldName: `tickets[${ticketId}].${e.fieldName}` } : e));
  return mapServerErrors(named, fields);
}

/** A refused update's validation errors (422); anything else (5xx, network) is the unexpected error. */
export function refusalOf(error: unknown): ServerValidationError[] {
  if (isApiError(error) && error.status === 422) {
    const list = (error.body as { validationErrors?: unknown } | null)?.validationErrors;
    if (Array.isArray(list) && list.length > 0) return list as ServerValidationError[];
  }
  return [{ fieldName: null, code: UNEXPECTED_ERROR, arguments: null }];
}
