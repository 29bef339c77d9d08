import { isApiError, reserveSubscription } from '@ticketing/api-client';
import type { SuccessResponse } from '@ticketing/api-client';
import type { ChallengeContext } from '../challenge';
import { runWithChallenge } from '../challenge';

// The Continue button's call, in a chunk of its own with the reservation client: the subscription page loads it
// when the visitor gets near the button, not with the page.

/** Spec 8: a refused reserve shows its first validation error code, anything else this generic message. */
export const RESERVE_FAILED = 'reservation-page-error-status.header.title';

type ReserveAnswer = SuccessResponse<Awaited<ReturnType<typeof reserveSubscription>>>;

/** A refused or failed call, as the one code the toast shows. */
export class ReserveSubscriptionFailed extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

function firstValidationCode(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const list = (error.body as { validationErrors?: unknown } | null)?.validationErrors;
  const first = Array.isArray(list) ? (list[0] as { code?: unknown } | undefined) : undefined;
  return typeof first?.code === 'string' && first.code ? first.code : null;
}

/**
 * POST /subscription/{id} (reference item 42) through the human verification, in the visitor's language (the
 * server reads it from Accept-Language); resolves the new reservation's id.
 */
export async function reserve(challenge: ChallengeContext, id: string, lang: string): Promise<string> {
  try {
    const answer = (await runWithChallenge(challenge, (headers) =>
      reserveSubscription(id, { headers: { ...headers, 'Accept-Language': lang } }),
    )) as ReserveAnswer;
    const reservationId = answer.data.value;
    if (typeof reservationId !== 'string' || !reservationId) throw new Error('POST /subscription/{id} answered without a reservation id');
    return reservationId;
  } catch (error) {
    throw new ReserveSubscriptionFailed(firstValidationCode(error) ?? RESERVE_FAILED);
  }
}
