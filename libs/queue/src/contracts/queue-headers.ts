/**
 * The waiting room on the wire, named like the human-verification challenge (`Alfio-Verification` /
 * `Alfio-Verification-Missing: turnstile`): reserve-tickets on a queued event carries the admission token in
 * `Alfio-Queue-Token`; without a valid one it is refused 403 with `Alfio-Queue-Token-Missing: waiting-room`,
 * which a client reads as "queue, then retry".
 */
export const QUEUE_TOKEN_HEADER = 'Alfio-Queue-Token';
export const QUEUE_TOKEN_MISSING_HEADER = 'Alfio-Queue-Token-Missing';
export const QUEUE_TOKEN_MISSING_VALUE = 'waiting-room';
