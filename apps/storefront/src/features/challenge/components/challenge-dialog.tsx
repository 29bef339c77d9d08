import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { lazyPart } from '../../../app/lazy-part';
import { challengeRequestAtom } from '../atoms';

// Few visitors are ever challenged: the modal (and the Turnstile loader) come in a chunk of their own, on the first.
const challengeModal = lazyPart(() => import('./challenge-modal').then((m) => m.ChallengeModal));

/** Mounted once in the app layout; shows the challenge modal while a verification is pending. */
export function ChallengeDialog() {
  const request = useAtomValue(challengeRequestAtom);
  // Its own boundary: the dialog lives in the app layout, outside any page.
  return request ? (
    <Suspense fallback={null}>
      <challengeModal.Part key={request.id} request={request} />
    </Suspense>
  ) : null;
}
