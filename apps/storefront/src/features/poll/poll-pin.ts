/**
 * The poll PIN an attendee gave (or took from their ticket's page), kept for the tab: each poll of the event opens
 * without typing it again, and closing the tab forgets it. One per event (a PIN belongs to a ticket of one event).
 */
const pinKey = (eventShortName: string) => `ticketing.poll-pin.${eventShortName}`;

/**
 * A PIN as the server reads it (6 symbols of Crockford base 32): the attendee may type it in lowercase, with the
 * spaces or dashes of the way it was printed or read out.
 */
export const normalizePin = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

export function storedPollPin(eventShortName: string): string | null {
  try {
    return sessionStorage.getItem(pinKey(eventShortName)) || null;
  } catch {
    return null; // storage refused (a private window's quota): the PIN form asks for it
  }
}

export function rememberPollPin(eventShortName: string, pin: string): void {
  try {
    sessionStorage.setItem(pinKey(eventShortName), normalizePin(pin));
  } catch {
    // see storedPollPin
  }
}

/** A PIN the server refused is not offered again. */
export function forgetPollPin(eventShortName: string): void {
  try {
    sessionStorage.removeItem(pinKey(eventShortName));
  } catch {
    // see storedPollPin
  }
}
