import { isApiError, isChallengeError } from '@ticketing/api-client';
import { ChallengeFailedError } from '../challenge';
import type { MessageArg } from '../i18n';
import type { ErrorMessage } from './error-messages';
import { UNEXPECTED_ERROR } from './error-messages';

export type { ErrorMessage } from './error-messages';

// Codes only a failed call brings (the page itself needs none of them, so they load with the call).
const CHALLENGE_FAILED = 'error.STEP_2_CAPTCHA_VALIDATION_FAILED';
const SESSION_EXPIRED = 'error.WRONG_CSRF_TOKEN';
const TOO_MANY_REQUESTS = 'error.TOO_MANY_REQUESTS';

/**
 * The one place that turns a failed call into the messages the page shows (spec 8): a 422's
 * `validationErrors[].code` with `arguments` (`{"0": 5}` -> [5]), a challenge 403 or a dismissed challenge,
 * an anti-forgery 403, a 429, and anything else as the generic unexpected error.
 */
export function errorMessagesOf(error: unknown): ErrorMessage[] {
  if (error instanceof ChallengeFailedError || isChallengeError(error)) return [{ code: CHALLENGE_FAILED, args: [] }];
  if (!isApiError(error)) return [{ code: UNEXPECTED_ERROR, args: [] }];
  const fromBody = validationMessages(error.body);
  if (fromBody.length) return fromBody;
  if (error.status === 403) return [{ code: SESSION_EXPIRED, args: [] }];
  if (error.status === 429) return [{ code: TOO_MANY_REQUESTS, args: [] }];
  return [{ code: UNEXPECTED_ERROR, args: [] }];
}

interface WireError {
  readonly fieldName?: unknown;
  readonly code?: unknown;
  readonly arguments?: unknown;
}

/** Field errors keyed by field name (the waiting-list form maps them under its fields), plus the rest. */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): { fields: Record<string, ErrorMessage>; global: ErrorMessage[] } {
  const result: { fields: Record<string, ErrorMessage>; global: ErrorMessage[] } = { fields: {}, global: [] };
  const wire = isApiError(error) ? wireErrors(error.body) : [];
  if (wire.length === 0) return { ...result, global: errorMessagesOf(error) };
  for (const e of wire) {
    const message = toMessage(e);
    // Spec 5: bracketed names map to dotted form paths (`a[b].c` -> `a.b.c`).
    const field = typeof e.fieldName === 'string' ? e.fieldName.replace(/\[([^\]]*)\]/g, '.$1') : '';
    if (fields.includes(field) && !result.fields[field]) result.fields[field] = message;
    else result.global.push(message);
  }
  return result;
}

function validationMessages(body: unknown): ErrorMessage[] {
  return wireErrors(body).map(toMessage);
}

function wireErrors(body: unknown): WireError[] {
  const list = (body as { validationErrors?: unknown } | null)?.validationErrors;
  return Array.isArray(list) ? (list.filter((e) => typeof e === 'object' && e !== null) as WireError[]) : [];
}

function toMessage(e: WireError): ErrorMessage {
  const code = typeof e.code === 'string' && e.code ? e.code : UNEXPECTED_ERROR;
  return { code, args: positionalArgs(e.arguments) };
}

/** `{"0": 5, "1": "x"}` -> [5, "x"]; anything else -> []. */
function positionalArgs(value: unknown): MessageArg[] {
  if (Array.isArray(value)) return value.map(asArg);
  if (typeof value !== 'object' || value === null) return [];
  const args: MessageArg[] = [];
  for (const [key, arg] of Object.entries(value)) if (/^\d+$/.test(key)) args[Number(key)] = asArg(arg);
  return Array.from(args, (a) => a ?? '');
}

const asArg = (value: unknown): MessageArg =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : value == null ? '' : JSON.stringify(value);
