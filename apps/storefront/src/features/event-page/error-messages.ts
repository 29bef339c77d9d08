import type { MessageArg } from '../i18n';

// What the event page shows as errors, apart from reservation-errors.ts (the mapping of a failed call), which
// loads with the reserve call: the page itself needs only these.

/** A message to show: a bundle key (the server's error code) and its positional arguments. */
export interface ErrorMessage {
  readonly code: string;
  readonly args: readonly MessageArg[];
}

/** Spec 8: any 5xx (and a call that never got an answer) becomes this global error. */
export const UNEXPECTED_ERROR = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/** The codes of a `?errors=a,b` address parameter, as messages without arguments. */
export const addressErrorMessages = (errors: string | undefined): ErrorMessage[] =>
  (errors ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => ({ code, args: [] }));
