/**
 * A rule of the domain said no. `code` is stable (it reaches clients, e.g. `error.STEP_1_NOT_ENOUGH_TICKETS`);
 * `field` names the input it is about, `args` fill the translated message's `{{0}}`, `{{1}}` ...
 */
export class DomainError extends Error {
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
export class NotFoundError extends Error {
  constructor(readonly what: string, readonly id: string) {
    super(`${what} ${id} not found`);
    this.name = 'NotFoundError';
  }
}
