// Human verification (spec 7-8): a protected call answered 403 + `Alfio-Verification-Missing` opens the challenge
// modal and is retried once with the token in `Alfio-Verification`. Cross-cutting: the event page's reserve
// uses it, and so will the subscription purchase. The legacy form captcha (reCAPTCHA) of events that ask for one:
// its widget, a part of its own loaded only where it shows (the event page's selection, the overview).
export { ChallengeFailedError } from './challenge-error';
export { ChallengeDialog } from './components/challenge-dialog';
export { runWithChallenge, VERIFICATION_HEADER } from './run-with-challenge';
export type { ChallengeContext } from './run-with-challenge';
export { recaptchaWidget } from './recaptcha-part';
