import { applyCode } from '@ticketing/api-client';

/**
 * Spec 4, booking submit: the pass the `subscription` link carries (its id) pays for one ticket before the booking
 * is validated. What apply-code answers does not matter here: the overview is reached either way, and shows the
 * pass in its summary or the code form to try again. Never throws. In a chunk of its own (the booking step loads it
 * only when its address carries a pass): the step is at its size budget.
 */
export async function applyPassLink(reservationId: string, passId: string): Promise<void> {
  try {
    await applyCode(reservationId, { code: passId, amount: 1, type: 'SUBSCRIPTION' });
  } catch {
    // refused (rate limit, a reservation gone) or no answer: the overview tells what it is
  }
}
