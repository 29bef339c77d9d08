import { reserveTickets } from '@ticketing/api-client';
import type { ReservationForm, SuccessResponse } from '@ticketing/api-client';
import type { ChallengeContext } from '../challenge';
import { runWithChallenge } from '../challenge';
import type { ErrorMessage } from './error-messages';
import { errorMessagesOf } from './reservation-errors';

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

/** POST reserve-tickets in `lang` through the human verification; resolves the new reservation's id. */
export async function reserve(challenge: ChallengeContext, shortName: string, form: ReservationForm, lang: string): Promise<string> {
  try {
    const answer = (await runWithChallenge(challenge, (headers) => reserveTickets(shortName, form, { lang }, { headers }))) as ReserveAnswer;
    const reservationId = answer.data.value;
    if (typeof reservationId !== 'string' || !reservationId) throw new Error('reserve-tickets answered without a reservation id');
    return reservationId;
  } catch (error) {
    throw new ReserveFailed(errorMessagesOf(error));
  }
}
