/**
 * The base of the errors that are answers, not faults: the exception filter maps them to a 422 or a 404 and
 * never logs them, so their stack trace is never read. V8 captures it at construction all the same, and that
 * cost 13-18 µs per RuleViolations (the answer to each refused buyer of an on-sale rush), 1.4-1.7 µs without
 * (measured). `stack` still reads `RuleViolations: <code>`; every other error keeps its frames.
 */
class StacklessError extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/**
 * A rule of the domain said no. `code` is stable (it reaches clients, e.g. `error.STEP_1_NOT_ENOUGH_TICKETS`);
 * `field` names the input it is about, `args` fill the translated message's `{{0}}`, `{{1}}` ...
 */
export class DomainError extends StacklessError {
  constructor(
    readonly code: string,
    readonly field?: string,
    readonly args: readonly unknown[] = [],
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** The thing asked for does not exist (answered 404). */
export class NotFoundError extends StacklessError {
  constructor(readonly what: string, readonly id: string) {
    super(`${what} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

/**
 * A call that names something it cannot work with and that the wire format answers 400, not 404 (reference 3.3:
 * init of an unknown reservation, the custom payment method lookups): `text` is the text/plain body.
 */
export class BadRequestError extends StacklessError {
  constructor(readonly text: string) {
    super(text);
    this.name = 'BadRequestError';
  }
}

/** One broken rule among several: a stable code, the input it is about, arguments. */
export interface RuleViolation {
  readonly code: string;
  /** A field path (`tickets[uuid].firstName`) or the form's name for a global error (`reservationForm`). */
  readonly field: string;
  readonly args: readonly unknown[];
}

/**
 * A command refused for one or more reasons, all reported at once (a buyer sees every problem of the form,
 * not one per try). The first violation is also the DomainError's own code and field.
 */
export class RuleViolations extends DomainError {
  constructor(readonly violations: readonly RuleViolation[]) {
    super(violations[0]?.code ?? 'error.generic', violations[0]?.field, violations[0]?.args ?? []);
    this.name = 'RuleViolations';
  }
}
