import { isApiError, reserveTickets } from '@ticketing/api-client';
import type { ReservationForm, SuccessResponse } from '@ticketing/api-client';
import type { ChallengeContext } from '../challenge';
import { runWithChallenge } from '../challenge';
import { showToastAtom } from '../toast';
import type { ErrorMessage } from './error-messages';
import { UNEXPECTED_ERROR } from './error-messages';
import { errorMessagesOf } from './reservation-errors';
import { atom } from 'jotai';

/** The request header carrying the waiting room's admission token, and the refusal's (named like the challenge's). */
const QUEUE_TOKEN_HEADER = 'Alfio-Queue-Token';
const QUEUE_TOKEN_MISSING_HEADER = 'Alfio-Queue-Token-Missing';

export interface Admission {
  readonly token: string;
  /** Epoch ms: after it the slot is lost and the buyer is back in the waiting room. */
  readonly expiresAt: number;
}

/**
 * The waiting rooms' admissions this visitor holds, by event: a credential this call carries (like the challenge
 * token), so client state in jotai. Here, in the call's chunk, which the waiting room loads too: a module of its own
 * would be one more chunk named in the event page's JavaScript, which is at its budget.
 */
export const admissionsAtom = atom<Readonly<Record<string, Admission>>>({});

/** Refused for want of a valid admission token: back to the waiting room. */
const isQueueRefusal = (error: unknown): boolean => isApiError(error) && error.status === 403 && error.headers.has(QUEUE_TOKEN_MISSING_HEADER);

// The continue button's call, in a chunk of its own with the reservation client and the error mapping: the event
// page loads it when the visitor starts choosing tickets (useReserve's prepare), not with the page.

/** What resolves is the 200 answer (the client throws on any other status): `value` is the new reservation id. */
type ReserveAnswer = SuccessResponse<Awaited<ReturnType<typeof reserveTickets>>>;

/** A refused or failed reserve call, as the messages the page shows (reservation-errors.ts). */
export class ReserveFailed extends Error {
  constructor(readonly messages: ErrorMessage[]) {
    super(messages.map((m) => m.code).join(', '));
  }
}

/**
 * POST reserve-tickets in `lang` through the human verification, with the waiting room's admission token when this
 * visitor holds one; resolves the new reservation's id. Refused for want of a valid token: the admission is dropped
 * and the page shows the waiting room again. A failure the server did not explain (a 5xx, no answer) is also shown
 * as a toast (spec 8), from here: the event page's own code is at its size budget.
 */
export async function reserve(challenge: ChallengeContext, shortName: string, form: ReservationForm, lang: string): Promise<string> {
  const admission = challenge.store.get(admissionsAtom)[shortName];
  const queue: Record<string, string> = admission ? { [QUEUE_TOKEN_HEADER]: admission.token } : {};
  try {
    const answer = (await runWithChallenge(challenge, (headers) => reserveTickets(shortName, form, { lang }, { headers: { ...headers, ...queue } }))) as ReserveAnswer;
    const reservationId = answer.data.value;
    if (typeof reservationId !== 'string' || !reservationId) throw new Error('reserve-tickets answered without a reservation id');
    return reservationId;
  } catch (error) {
    if (isQueueRefusal(error)) challenge.store.set(admissionsAtom, ({ [shortName]: _refused, ...rest }) => rest);
    const messages = errorMessagesOf(error);
    if (messages.some((m) => m.code === UNEXPECTED_ERROR)) challenge.store.set(showToastAtom, { type: 'ERROR', message: UNEXPECTED_ERROR });
    throw new ReserveFailed(messages);
  }
}
