import { isChallengeError } from '@ticketing/api-client';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { optionalText, useInfo } from '../../../api/app-queries';
import { challengeRequestAtom, challengeTokenAtom } from '../atoms';
import { ChallengeFailedError } from '../challenge-error';

/** The request header carrying the token (public-api.md 1.4). */
export const VERIFICATION_HEADER = 'Alfio-Verification';

/** Runs a protected call; `headers` carry the stored token, if any. */
export type WithChallenge = <T>(call: (headers: Record<string, string>) => Promise<T>) => Promise<T>;

let nextId = 1;

/**
 * Spec 7: the call goes out with the stored token; a challenge answer (403 + `Alfio-Verification-Missing`, or
 * `cf-mitigated: challenge`) clears it, opens the modal with the site key of `/api/v2/info`, and the call is
 * retried once with the new token. A refused retry clears the token and fails as a challenge error; so do a
 * dismissed modal, a failed widget and a missing site key (ChallengeFailedError).
 */
export function useChallenge(): WithChallenge {
  const store = useStore();
  const { data: info } = useInfo();
  const siteKey = optionalText(info?.challengeConfiguration.apiKey);

  return useCallback<WithChallenge>(
    async (call) => {
      const stored = store.get(challengeTokenAtom);
      try {
        return await call(stored ? { [VERIFICATION_HEADER]: stored } : {});
      } catch (error) {
        if (!isChallengeError(error)) throw error;
        store.set(challengeTokenAtom, null);
      }
      const token = await requestToken(store, siteKey);
      store.set(challengeTokenAtom, token);
      try {
        return await call({ [VERIFICATION_HEADER]: token });
      } catch (error) {
        if (isChallengeError(error)) store.set(challengeTokenAtom, null);
        throw error;
      }
    },
    [store, siteKey],
  );
}

function requestToken(store: ReturnType<typeof useStore>, siteKey: string | null): Promise<string> {
  if (!siteKey) return Promise.reject(new ChallengeFailedError('human verification is demanded but no site key is configured'));
  store.get(challengeRequestAtom)?.reject(new ChallengeFailedError('replaced by a newer challenge'));
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
      reject: (reason) => {
        close();
        reject(reason);
      },
    });
  });
}
