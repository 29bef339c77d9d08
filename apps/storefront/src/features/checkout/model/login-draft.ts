import type { BookingFormValues } from '../../booking';

/** Per tab session: what the visitor had typed on a reservation's booking step when they left for the login. */
const draftKey = (reservationId: string) => `ticketing.login-draft.${reservationId}`;

/**
 * The login's preparation (spec 2 and 8): the login leaves the page (the provider's, then back by the reservation's
 * login route), and the booking step comes back with what the server holds; what the visitor typed is kept here for
 * it. False when the browser refuses to keep it (storage off, quota): the visitor is told instead of losing it.
 */
export function saveLoginDraft(reservationId: string, values: BookingFormValues): boolean {
  try {
    sessionStorage.setItem(draftKey(reservationId), JSON.stringify(values));
    return true;
  } catch {
    return false;
  }
}

/** The form kept for the login, once (it is removed), or null. */
export function takeLoginDraft(reservationId: string): Partial<BookingFormValues> | null {
  try {
    const kept = sessionStorage.getItem(draftKey(reservationId));
    if (kept === null) return null;
    sessionStorage.removeItem(draftKey(reservationId));
    const draft: unknown = JSON.parse(kept);
    return typeof draft === 'object' && draft !== null ? (draft as Partial<BookingFormValues>) : null;
  } catch {
    return null;
  }
}

/**
 * The form as the visitor left it: what they typed wins over what the step came back with, for the same
 * reservation's tickets only (a ticket the kept form has no entry for keeps the step's values).
 */
export function withLoginDraft(values: BookingFormValues, draft: Partial<BookingFormValues>): BookingFormValues {
  const keptTickets = draft.tickets ?? {};
  const tickets = Object.fromEntries(Object.entries(values.tickets).map(([uuid, ticket]) => [uuid, keptTickets[uuid] ?? ticket]));
  return { ...values, ...draft, tickets };
}
