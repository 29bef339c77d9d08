import { isApiError } from '@ticketing/api-client';
import { atom } from 'jotai';

/** The request header carrying the admission token, and the refusal's header (named like the challenge's). */
export const QUEUE_TOKEN_HEADER = 'Alfio-Queue-Token';
export const QUEUE_TOKEN_MISSING_HEADER = 'Alfio-Queue-Token-Missing';

export interface Admission {
  readonly token: string;
  /** Epoch ms: after it the slot is lost and the buyer is back in the waiting room. */
  readonly expiresAt: number;
}

/**
 * The admissions this visitor holds, by event: a credential the reserve call carries (like the challenge token),
 * so client state in jotai; the place in line itself is server data (the status query).
 */
export const admissionsAtom = atom<Readonly<Record<string, Admission>>>({});

/** reserve-tickets refused for want of a valid admission token: back to the waiting room. */
export const isQueueRefusal = (error: unknown): boolean => isApiError(error) && error.status === 403 && error.headers.has(QUEUE_TOKEN_MISSING_HEADER);

export const isAdmitted = (admission: Admission | undefined, now: number): admission is Admission => admission !== undefined && admission.expiresAt > now;
