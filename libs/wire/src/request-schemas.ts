import { z } from 'zod';

// PostgreSQL text cannot hold NUL and no identifier of ours holds control characters: refusing them here
// turns hostile input into a 422 instead of a database error.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** A short identifier from a path or query string: printable, bounded. */
export function identifier(max: number) {
  return z.string().min(1).max(max).regex(NO_CONTROL_CHARACTERS, 'error.invalidFormat');
}

export const shortNameParam = identifier(255).describe('The event short name.');

export const langParam = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, 'error.invalidFormat')
  .describe('Language code, matched against the event content languages (else the first one).');

export const uuidParam = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'error.invalidFormat')
  .describe('UUID.');

/** Optional query values: empty means absent, as a form that submits an empty field means. */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

/** A query parameter that may repeat (`?tags=a&tags=b`): one value or many, always a list. */
export function repeatableQuery<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item).max(max));
}
