import type { FastifyInstance } from 'fastify';
import { failure } from '@ticketing/wire';
import { beanPath } from './zod-issues.js';

/**
 * Where the parsed body holds text that is not well-formed UTF-16 (a lone surrogate, which JSON can carry as
 * `"\ud800"` but no UTF-8 text can, and PostgreSQL refuses), as a path of keys and indexes; null when it holds none.
 * An ill-formed key is reported at the object that holds it.
 */
// a lone surrogate is a code point of category Cs in a `u` regex; a proper pair reads as one code point beyond U+FFFF
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

export function illFormedTextAt(value: unknown, at: readonly PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return wellFormed(value) ? null : [...at];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = illFormedTextAt(item, [...at, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!wellFormed(key)) return [...at];
      const found = illFormedTextAt(item, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses a JSON body with ill-formed text 422 (error.invalidFormat at that field) before any handler runs: such
 * text was stored in a ticket's owner name (in the encrypted personal data) and then broke every later call on
 * the ticket and its order with a 500 (found by the OpenAPI fuzz test, issue 17).
 */
export function installWellFormedText(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    const at = illFormedTextAt(request.body);
    if (at === null) return undefined;
    return reply.code(422).send(failure([{ fieldName: beanPath(at, 'request'), code: 'error.invalidFormat', arguments: null }]));
  });
}
