import { expect } from 'vitest';
import type { Answer } from '../client/browser-page.js';

/**
 * Assertions in the client's terms: which step of the flow, which field of the answer it reads, of which JS type.
 * A failure names all three, e.g. `overview (GET /api/v2/public/reservation/…): orderSummary.free is undefined,
 * the client reads boolean`.
 */

/** A JS type as `typeof` names it, plus array and null; `|` joins the types a field may have. */
export type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export type Reads = Record<string, `${Kind}` | `${Kind}|${Kind}` | `${Kind}|${Kind}|${Kind}`>;

const kindOf = (value: unknown): Kind | 'undefined' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind | 'undefined');

/**
 * The value at a dotted path (`orderSummary.summary.0.type`), or at a list of keys where a key holds dots (a
 * bundle's `['show-event.tickets.left']`); undefined where any step is missing.
 */
export function at(body: unknown, path: string | readonly string[]): unknown {
  let value: unknown = body;
  for (const key of typeof path === 'string' ? (path === '' ? [] : path.split('.')) : path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The step's name in a failure: what the client was doing and the request it sent. */
export const stepName = (step: string, answer: Pick<Answer, 'method' | 'path'>) => `${step} (${answer.method} ${answer.path})`;

/** The answer has the status the client needs to go on (a 2xx it treats as success, a 422 it maps to fields ...). */
export function expectStatus(step: string, answer: Answer, status: number): void {
  expect(answer.status, `${stepName(step, answer)}: HTTP status; body ${JSON.stringify(answer.body).slice(0, 600)}`).toBe(status);
}

/** Every field the client reads is there with a type it can use. */
export function expectReads(step: string, answer: Answer, reads: Reads, from = ''): void {
  const wrong: string[] = [];
  for (const [path, kinds] of Object.entries(reads)) {
    const full = from ? `${from}.${path}` : path;
    const kind = kindOf(at(answer.body, full));
    if (!kinds.split('|').includes(kind)) wrong.push(`${full} is ${kind}, the client reads ${kinds}`);
  }
  expect(wrong, `${stepName(step, answer)}: ${wrong.join('; ')}`).toEqual([]);
}

/** expectReads on each element of the list at `listPath` (which must be a list). */
export function expectReadsEach(step: string, answer: Answer, listPath: string, reads: Reads): void {
  const list = at(answer.body, listPath);
  expect(kindOf(list), `${stepName(step, answer)}: ${listPath} is a list`).toBe('array');
  (list as unknown[]).forEach((_, i) => expectReads(step, answer, reads, listPath ? `${listPath}.${i}` : String(i)));
}

/** One field's value, the failure naming the step and the field. */
export function expectField(step: string, answer: Answer, path: string | readonly string[]) {
  return expect(at(answer.body, path), `${stepName(step, answer)}: ${typeof path === 'string' ? path : path.join('.')}`);
}

/**
 * Where the client shows each error of a 422 (shared/validation-helper.ts applyValidationErrors): `a[b].c` becomes
 * `a.b.c`, and an error whose path names a control of the form goes under that control, any other is global.
 * `control:code` / `global:fieldName:code`.
 */
export function errorsShownOn(answer: Answer, form: unknown): string[] {
  expect(answer.status, `${stepName('errors of the answer', answer)}: a 422, the only status the client maps to fields`).toBe(422);
  expect(at(answer.body, 'errorCount'), `${stepName('errors of the answer', answer)}: errorCount`).toBeGreaterThan(0);
  const errors = at(answer.body, 'validationErrors') as { fieldName: string; code: string }[];
  return errors.map(({ fieldName, code }) => {
    const path = fieldName.replace(/\[/g, '.').replace(/]/g, '');
    return at(form, path) === undefined ? `global:${fieldName}:${code}` : `${path}:${code}`;
  });
}

/** `fieldName:code` of each validation error of a ValidatedResponse answer. */
export function errorsOf(answer: Answer): string[] {
  const errors = at(answer.body, 'validationErrors');
  return Array.isArray(errors) ? errors.map((e: { fieldName: string; code: string }) => `${e.fieldName}:${e.code}`) : [];
}
