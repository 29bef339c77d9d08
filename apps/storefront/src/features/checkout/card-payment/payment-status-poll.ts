/**
 * Spec 4 and 9, card payment: once the provider took the card the server is asked every second whether the
 * payment arrived; a failed call is tried again the next second. Every 10th poll shows the processing-delay
 * notice, after 120 the indeterminate warning (the page keeps asking: the money may still arrive).
 */
export const CARD_POLL_MS = 1000;
export const DELAY_NOTICE_EVERY_POLLS = 10;
export const INDETERMINATE_AFTER_POLLS = 120;

export type PollNotice = 'delay' | 'indeterminate' | null;

/** What poll number `poll` (counted from 1) shows. */
export function pollNotice(poll: number): PollNotice {
  if (poll > INDETERMINATE_AFTER_POLLS) return 'indeterminate';
  return poll % DELAY_NOTICE_EVERY_POLLS === 0 ? 'delay' : null;
}

export interface PaymentStatusPoll {
  /** GET payment/{method}/status (reference 3.3 item 25); may fail. */
  readonly status: () => Promise<{ readonly success: boolean; readonly failure: boolean }>;
  readonly wait: (ms: number) => Promise<void>;
  readonly onPoll?: (poll: number) => void;
  /** Set when the page is left: the loop stops. */
  readonly signal?: AbortSignal;
}

export async function pollPaymentStatus({ status, wait, onPoll, signal }: PaymentStatusPoll): Promise<'succeeded' | 'failed' | 'stopped'> {
  for (let poll = 1; ; poll++) {
    if (signal?.aborted) return 'stopped';
    const answer = await status().catch(() => null);
    if (answer?.success) return 'succeeded';
    if (answer?.failure) return 'failed';
    onPoll?.(poll);
    await wait(CARD_POLL_MS);
  }
}
