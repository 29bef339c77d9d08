import { atom } from 'jotai';

/** A pending human verification: the modal shows while one is set and settles it with a token or a failure. */
export interface ChallengeRequest {
  readonly id: number;
  /** The Turnstile site key, from the app info's `challengeConfiguration.apiKey`. */
  readonly siteKey: string;
  readonly resolve: (token: string) => void;
  /** Fails the verification (a ChallengeFailedError with this message): dismissed, widget or chunk failed. */
  readonly fail: (why: string) => void;
}

/** Spec 4, challenge: none -> requested -> token stored (or error). Client state only, hence jotai. */
export const challengeRequestAtom = atom<ChallengeRequest | null>(null);

/** The last token obtained; sent with the next protected call, cleared when the server refuses it (spec 7). */
export const challengeTokenAtom = atom<string | null>(null);
