import { applyCode } from '@ticketing/api-client';

/** Per tab session: the pass a link already applied to a reservation (key by reservation id, value the pass id). */
const appliedKey = (reservationId: string) => `ticketing.pass-link.${reservationId}`;

function alreadyApplied(reservationId: string, passId: string): boolean {
  try {
    return sessionStorage.getItem(appliedKey(reservationId)) === passId;
  } catch {
    return false; // storage refused (a private window's quota): at worst the server answers 'already applied'
  }
}

function remember(reservationId: string, passId: string): void {
  try {
    sessionStorage.setItem(appliedKey(reservationId), passId);
  } catch {
    // see alreadyApplied
  }
}

/**
 * Spec 4, booking submit: the pass the `subscription` link carries (its id) pays for one ticket before the booking
 * is validated. What apply-code answers does not matter here: the overview is reached either way, and shows the
 * pass in its summary or the code form to try again. Once per reservation and pass: the link stays in the address
 * (the way back to the events lists it), and a visitor who took the pass off in the overview and then edits the
 * booking must not find it applied again. Never throws. In a chunk of its own (the booking step loads it only when
 * its address carries a pass): the step is at its size budget. The pass goes with the contact e-mail being submitted
 * (spec 7's payload), which the reservation has not recorded yet.
 */
export async function applyPassLink(reservationId: string, passId: string, email: string): Promise<void> {
  if (alreadyApplied(reservationId, passId)) return;
  try {
    await applyCode(reservationId, { code: passId, email: email || null, amount: 1, type: 'SUBSCRIPTION' });
  } catch {
    // refused (rate limit, a reservation gone) or no answer: the overview tells what it is; a later submit tries again
    return;
  }
  remember(reservationId, passId);
}
