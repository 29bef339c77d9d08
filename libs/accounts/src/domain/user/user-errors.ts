/** Stable codes of the refusals of the accounts context. */
export const userErrors = {
  /** A user stream answered for another identity than the one signing in (ids are derived from issuer and subject). */
  identityMismatch: 'user.identity-mismatch',
  /** No registered user on the stream (never signed in, or deleted): nothing to save or delete. */
  unknown: 'user.unknown',
} as const;
