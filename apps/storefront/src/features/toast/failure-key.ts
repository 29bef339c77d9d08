import { isApiError } from '@ticketing/api-client';

/**
 * The message of a call that failed: a rate limit's 429 says to wait (error.TOO_MANY_REQUESTS, as the event page
 * says it), anything else is the unexpected error of spec 8.
 */
export function failureKey(error: unknown): string {
  return isApiError(error) && error.status === 429 ? 'error.TOO_MANY_REQUESTS' : 'error.STEP_2_PAYMENT_REQUEST_CREATION';
}
