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

interface Visit {
  readonly value: unknown;
  readonly parent: Visit | null;
  readonly key: PropertyKey | null;
}

const pathOf = (visit: Visit): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
};

/** Where the value holds text (a string or a key) that `bad` refuses, as illFormedTextAt says; null when none. */
function textAt(body: unknown, bad: (text: string) => boolean): PropertyKey[] | null {
  const pending: Visit[] = [{ value: body, parent: null, key: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (bad(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], parent: visit, key: i });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      if (entries.some(([key]) => bad(key))) return pathOf(visit);
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], parent: visit, key: entries[i]![0] });
    }
  }
  return null;
}

/** Depth-first in document order, without recursion: a body nested thousands of levels deep must not overflow the stack. */
export function illFormedTextAt(body: unknown): PropertyKey[] | null {
  return textAt(body, (text) => !wellFormed(text));
}

/**
 * Where the value holds a NUL character, which no PostgreSQL text or jsonb value can hold: stored in an event, it
 * would stop every projection that copies it into a read model (found by the robustness audit of session 16).
 */
export function nulTextAt(value: unknown): PropertyKey[] | null {
  return textAt(value, (text) => text.includes('\u0000'));
}

/**
 * Refuses a JSON body with ill-formed text 400 (a malformed body, reference 1.3; the field named) before any handler
 * runs, whatever the route does with its body: such
 * text was stored in a ticket's owner name (in the encrypted personal data) and then broke every later call on
 * the ticket and its order with a 500 (found by the OpenAPI fuzz test, issue 17).
 */
export function installWellFormedText(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    const at = illFormedTextAt(request.body);
    if (at === null) return undefined;
    return reply.code(400).send(failure([{ fieldName: beanPath(at, 'request'), code: 'error.malformedRequest', arguments: null }]));
  });
}
