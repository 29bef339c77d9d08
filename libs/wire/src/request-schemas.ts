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

/** Digits, an optional minus, blanks around: what Jackson parses as an int (at most 15 digits: a safe integer). */
const INTEGER_TEXT = /^\s*-?\d{1,15}\s*$/;

/**
 * An integer as alf.io's server reads one. Jackson binds a JSON string of digits into an `int` field (`"1"` is 1),
 * and alf.io's Angular storefront sends such strings: a `<select>` bound with `[value]` (the ticket quantity) gives
 * its option's text. So a field typed int in the reference takes a JSON integer or a string of
 * digits (surrounding blanks allowed, as Jackson trims them); anything else is refused as before, with the same
 * codes: a non-numeric string `error.invalidFormat`, a value out of `target`'s bounds its bound's code, null or
 * absent `error.emptyField`. `target` is the integer's own schema, with its bounds.
 */
export function wireInteger(target: z.ZodNumber = z.number().int()) {
  return z.union([target, integerText(target)]);
}

/** An optional integer (`Integer` in alf.io): also null, absent, or `""` (an empty `<option>`), all meaning none. */
export function optionalWireInteger(target: z.ZodNumber = z.number().int()) {
  return z
    .union([target, integerText(target), z.literal('').describe('None.').transform(() => null)])
    .nullable()
    .optional();
}

function integerText(target: z.ZodNumber) {
  return z
    .string()
    .regex(INTEGER_TEXT, 'error.invalidFormat')
    .describe('The same integer written in digits, e.g. "2" (as alf.io\'s server takes it); its bounds apply.')
    .transform(Number)
    .pipe(target);
}
