/** The human verification was dismissed, its widget failed, or none is configured (spec 8: a challenge error). */
export class ChallengeFailedError extends Error {
  override readonly name = 'ChallengeFailedError';
}
