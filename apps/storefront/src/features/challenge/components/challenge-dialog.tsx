import { useAtomValue } from 'jotai';
import { lazyPart } from '../../../app/lazy-part';
import { challengeRequestAtom } from '../atoms';

// Few visitors are ever challenged: the modal (and the Turnstile loader) come in a chunk of their own, on the first.
// runWithChallenge loads it before it asks (and fails the verification when it does not load), so by the time a
// request is set the part renders at once; until then nothing shows and the focus stays on what asked.
const challengeModal = lazyPart(() => import('./challenge-modal').then((m) => m.ChallengeModal));

/** Mounted once in the app layout; shows the challenge modal while a verification is pending. */
export function ChallengeDialog() {
  const request = useAtomValue(challengeRequestAtom);
  return request ? <challengeModal.Part key={request.id} request={request} /> : null;
}
