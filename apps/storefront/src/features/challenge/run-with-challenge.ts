import { isChallengeError } from '@ticketing/api-client';
import type { createStore } from 'jotai';
import type { AlfioInfo } from '../../api/app-queries';
import { optionalText } from '../../api/app-queries';
import { challengeRequestAtom, challengeTokenAtom } from './atoms';
import { ChallengeFailedError } from './challenge-error';

/** The request header carrying the token (public-api.md 1.4). */
export const VERIFICATION_HEADER = 'Alfio-Verification';

/**
 * What a protected call needs from the app, which a page has at hand when it renders: the jotai store (the token,
 * the modal's request) and the app info (the Turnstile site key, `challengeConfiguration.apiKey`).
 */
export interface ChallengeContext {
  readonly store: ReturnType<typeof createStore>;
  readonly info: AlfioInfo | undefined;
}

let nextId = 1;

/**
 * Spec 7: the call goes out with the stored token; a challenge answer (403 + `Alfio-Verification-Missing`, or
 * `cf-mitigated: challenge`) clears it, opens the modal with the site key of `/api/v2/info`, and the call is
 * retried once with the new token. A refused retry clears the token and fails as a challenge error; so do a
 * dismissed modal, a failed widget, a modal whose chunk does not load and a missing site key (ChallengeFailedError).
 * A page that makes such a call runs it through this where it makes it (the event page's reserve, loaded when the
 * visitor chooses tickets).
 */
export async function runWithChallenge<T>({ store, info }: ChallengeContext, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const stored = store.get(challengeTokenAtom);
  try {
    return await call(stored ? { [VERIFICATION_HEADER]: stored } : {});
  } catch (error) {
    if (!isChallengeError(error)) throw error;
    store.set(challengeTokenAtom, null);
  }
  const token = await requestToken(store, optionalText(info?.challengeConfiguration.apiKey));
  store.set(challengeTokenAtom, token);
  try {
    return await call({ [VERIFICATION_HEADER]: token });
  } catch (error) {
    if (isChallengeError(error)) store.set(challengeTokenAtom, null);
    throw error;
  }
}

async function requestToken(store: ChallengeContext['store'], siteKey: string | null): Promise<string> {
  if (!siteKey) throw new ChallengeFailedError('human verification is demanded but no site key is configured');
  // The modal's chunk first (ChallengeDialog renders it from the same import): one that does not load fails the
  // verification now, rather than leaving the call waiting for a modal that never shows.
  await import('./components/challenge-modal').catch(() => {
    throw new ChallengeFailedError('the challenge could not load');
  });
  store.get(challengeRequestAtom)?.fail('replaced by a newer challenge');
  return new Promise<string>((resolve, reject) => {
    const id = nextId++;
    const close = () => {
      if (store.get(challengeRequestAtom)?.id === id) store.set(challengeRequestAtom, null);
    };
    store.set(challengeRequestAtom, {
      id,
      siteKey,
      resolve: (token) => {
        close();
        resolve(token);
      },
      fail: (why) => {
        close();
        reject(new ChallengeFailedError(why));
      },
    });
  });
}
