// Human verification (spec 7-8): a protected call answered 403 + `Alfio-Verification-Missing` opens the challenge
// modal and is retried once with the token in `Alfio-Verification`. Cross-cutting: the event page's reserve
// uses it, and so will the subscription purchase.
export { ChallengeFailedError } from './challenge-error';
export { ChallengeDialog } from './components/challenge-dialog';
export { runWithChallenge, VERIFICATION_HEADER } from './run-with-challenge';
export type { ChallengeContext } from './run-with-challenge';
