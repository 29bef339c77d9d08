/**
 * The processing page's cadence (spec 4 and 9): the reservation status every 2 s, the provider asked
 * (force-check) every 10th poll, and a warning once 120 polls brought no answer (four minutes).
 */
export const PROCESSING_POLL_MS = 2000;
export const FORCE_CHECK_EVERY_POLLS = 10;
export const WARNING_AFTER_POLLS = 120;

/** Whether this poll (counted from 1) asks the provider before reading the status. */
export const forceChecksOn = (poll: number): boolean => poll > 0 && poll % FORCE_CHECK_EVERY_POLLS === 0;

/** Whether the page warns that the provider does not answer, after this many polls. */
export const warnsAfter = (polls: number): boolean => polls >= WARNING_AFTER_POLLS;

/** What a force-check answer (reference 3.3 item 26) asks of the page: the provider's page, or a fresh status. */
export function afterForceCheck(answer: { readonly redirect: boolean; readonly redirectUrl: string | null } | null): { kind: 'redirect'; url: string } | { kind: 'look-up' } {
  return answer?.redirect && answer.redirectUrl ? { kind: 'redirect', url: answer.redirectUrl } : { kind: 'look-up' };
}
