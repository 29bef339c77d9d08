import type { Operation } from './openapi-arbitraries.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

const ENVELOPE_KEYS = ['errorCount', 'success', 'validationErrors', 'value', 'warnings'];
const DESCRIPTOR_KEYS = new Set(['fieldName', 'code', 'arguments']);

/** Why the body is not a refused ValidatedResponse (reference 1.2), or null when it is one. */
export function envelopeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'the body is not an object';
  const envelope = parsed as Record<string, unknown>;
  const keys = Object.keys(envelope).sort();
  if (keys.join() !== ENVELOPE_KEYS.join()) return `the envelope has the fields ${keys.join(', ')}`;
  if (envelope['success'] !== false) return 'success is not false';
  const errors = envelope['validationErrors'];
  if (!Array.isArray(errors) || errors.length === 0) return 'validationErrors is empty';
  if (envelope['errorCount'] !== errors.length) return 'errorCount differs from the number of validationErrors';
  if (!Array.isArray(envelope['warnings'])) return 'warnings is not a list';
  for (const error of errors as Record<string, unknown>[]) {
    if (typeof error !== 'object' || error === null) return 'an error descriptor is not an object';
    if (Object.keys(error).some((k) => !DESCRIPTOR_KEYS.has(k))) return `an error descriptor has the fields ${Object.keys(error).join(', ')}`;
    if (typeof error['fieldName'] !== 'string') return 'an error descriptor has no fieldName';
    if (error['code'] !== undefined && error['code'] !== null && typeof error['code'] !== 'string') return 'an error code is not a string';
    const args = error['arguments'];
    if (args !== undefined && args !== null && (typeof args !== 'object' || Array.isArray(args))) return 'arguments is neither null nor an object';
  }
  return null;
}

const contentType = (answer: Answer) => String(answer.headers['content-type'] ?? '');
const plainText = (answer: Answer, text: string) =>
  contentType(answer).startsWith('text/plain') && answer.body === text ? null : `not the text/plain body "${text}": ${contentType(answer)} ${answer.body.slice(0, 80)}`;

/**
 * The statuses any operation may answer besides the ones it lists: a write refused by the anti-forgery check
 * (403), a body that is not JSON (400), too large (413) or of another media type (415), a stream that changed
 * under the call (409), a method the path does not have (405) and too many calls (429).
 */
const CROSS_CUTTING = new Set([400, 403, 405, 409, 413, 415, 429]);

/** Why the answer breaks the wire format of reference 1.2-1.3, or null when it keeps it. */
export function wireFormatProblem(operation: Operation, answer: Answer): string | null {
  const { status } = answer;
  if (status >= 500) return `${status} from ${operation.key}`;
  if (status < 400) return null;
  // a 404 (empty) can answer any path: a raw path value with a slash in it leads to a route that does not exist
  if (!operation.statuses.has(status) && !CROSS_CUTTING.has(status) && status !== 404) return `${status} is not among the statuses of ${operation.key}: ${[...operation.statuses].join(', ')}`;
  switch (status) {
    case 404:
      return answer.body === '' ? null : `a 404 with a body: ${answer.body.slice(0, 80)}`;
    case 409:
    case 422: {
      const problem = envelopeProblem(answer.body);
      return problem ? `a ${status} not in the ValidatedResponse envelope: ${problem}` : null;
    }
    case 429: {
      const problem = envelopeProblem(answer.body);
      if (problem) return `a 429 not in the ValidatedResponse envelope: ${problem}`;
      return answer.headers['retry-after'] === undefined ? 'a 429 without Retry-After' : null;
    }
    case 400:
      // a ValidatedResponse (a wrong path enum, an ill-formed string), the raw `false` of a refused release, or a text/plain message (`bad request` for a malformed body)
      if (envelopeProblem(answer.body) === null || answer.body === 'false') return null;
      return contentType(answer).startsWith('text/plain') && answer.body !== '' ? null : `a 400 neither a ValidatedResponse, false nor text: ${answer.body.slice(0, 80)}`;
    case 401:
      return contentType(answer).startsWith('text/plain') || envelopeProblem(answer.body) === null ? null : `a 401 body: ${answer.body.slice(0, 80)}`;
    case 403:
      if (answer.body === '' || envelopeProblem(answer.body) === null) return null;
      return plainText(answer, 'Access to resource has been denied');
    case 405:
      return plainText(answer, 'method not supported');
    case 413:
      return plainText(answer, 'payload too large');
    case 415:
      return plainText(answer, 'unsupported media type');
    default:
      return `an unexpected status ${status}`;
  }
}
