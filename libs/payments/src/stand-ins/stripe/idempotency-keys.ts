import { StripeErrorAnswer } from './stripe-error.js';
import type { FormObject, FormValue } from './stripe-form.js';

export interface SavedAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * Stripe's idempotent requests (docs.stripe.com/api/idempotent_requests): the first answer to a key is saved and
 * given again to a request with the same key on the same endpoint; the same key with other parameters is refused
 * (`idempotency_error`), since it is a mistake in the caller and not a repeat.
 */
export function createIdempotencyKeys() {
  const saved = new Map<string, { params: string; answer: SavedAnswer }>();
  return {
    /** The saved answer, null when the key is new; throws the refusal when the parameters differ. */
    replay(scope: string, key: string, form: FormObject): SavedAnswer | null {
      const entry = saved.get(`${scope}\n${key}`);
      if (!entry) return null;
      if (entry.params !== canonical(form)) {
        throw new StripeErrorAnswer(
          400,
          {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
          false,
        );
      }
      return entry.answer;
    },
    save(scope: string, key: string, form: FormObject, answer: SavedAnswer): void {
      saved.set(`${scope}\n${key}`, { params: canonical(form), answer });
    },
  };
}

/** The parameters whatever the order they were sent in. */
const canonical = (form: FormObject): string => JSON.stringify(sorted(form));
const sorted = (value: FormValue): FormValue => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(sorted);
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key] as FormValue)]));
};
