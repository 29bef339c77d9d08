import { ApiError } from '@ticketing/api-client';
import { describe, expect, it } from 'vitest';
import { ChallengeFailedError } from '../challenge';
import { addressErrorMessages } from './error-messages';
import { errorMessagesOf, fieldErrorsOf } from './reservation-errors';

const failure = (status: number, validationErrors: unknown[] | null, headers: Record<string, string> = {}) =>
  new ApiError(status, validationErrors ? { success: false, errorCount: validationErrors.length, validationErrors, value: null, warnings: [] } : null, new Headers(headers), '/x');

describe('error codes of a refused reservation (spec 8)', () => {
  it('takes the codes of a 422 in order, with their positional arguments', () => {
    const error = failure(422, [
      { fieldName: 'reservationForm', code: 'error.STEP_1_OVER_MAXIMUM', arguments: { '0': 5 } },
      { fieldName: 'promoCode', code: 'error.STEP_1_CODE_NOT_FOUND', arguments: null },
    ]);
    expect(errorMessagesOf(error)).toEqual([
      { code: 'error.STEP_1_OVER_MAXIMUM', args: [5] },
      { code: 'error.STEP_1_CODE_NOT_FOUND', args: [] },
    ]);
  });

  it('treats any 5xx and a call without an answer as the unexpected error', () => {
    expect(errorMessagesOf(failure(500, null))).toEqual([{ code: 'error.STEP_2_PAYMENT_REQUEST_CREATION', args: [] }]);
    expect(errorMessagesOf(new TypeError('Failed to fetch'))).toEqual([{ code: 'error.STEP_2_PAYMENT_REQUEST_CREATION', args: [] }]);
  });

  it('turns a refused or dismissed human verification into the challenge error', () => {
    expect(errorMessagesOf(failure(403, null, { 'Alfio-Verification-Missing': 'turnstile' }))).toEqual([{ code: 'error.STEP_2_CAPTCHA_VALIDATION_FAILED', args: [] }]);
    expect(errorMessagesOf(new ChallengeFailedError('dismissed'))).toEqual([{ code: 'error.STEP_2_CAPTCHA_VALIDATION_FAILED', args: [] }]);
  });

  it('reads a plain 403 as an expired session and a 429 as too many attempts', () => {
    expect(errorMessagesOf(failure(403, null))).toEqual([{ code: 'error.WRONG_CSRF_TOKEN', args: [] }]);
    expect(errorMessagesOf(failure(429, null))).toEqual([{ code: 'error.TOO_MANY_REQUESTS', args: [] }]);
  });

  it('reads the comma-separated codes of the address', () => {
    expect(addressErrorMessages('error.STEP_1_CODE_NOT_FOUND, error.STEP_1_NOT_ENOUGH_TICKETS,')).toEqual([
      { code: 'error.STEP_1_CODE_NOT_FOUND', args: [] },
      { code: 'error.STEP_1_NOT_ENOUGH_TICKETS', args: [] },
    ]);
    expect(addressErrorMessages(undefined)).toEqual([]);
  });

  it('maps field errors to the form fields and leaves the rest global', () => {
    const error = failure(422, [
      { fieldName: 'email', code: 'error.email', arguments: null },
      { fieldName: 'tickets[abc].firstName', code: 'error.emptyField', arguments: null },
      { fieldName: 'waitingQueueSubscriptionForm', code: 'error.generic', arguments: null },
    ]);
    expect(fieldErrorsOf(error, ['email', 'tickets.abc.firstName'])).toEqual({
      fields: { email: { code: 'error.email', args: [] }, 'tickets.abc.firstName': { code: 'error.emptyField', args: [] } },
      global: [{ code: 'error.generic', args: [] }],
    });
  });
});
