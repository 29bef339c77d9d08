import { decodeCrockford, encodeCrockford, normalizeCrockford } from '@ticketing/kernel';

/**
 * The PIN with which a checked-in attendee answers the event's polls (alf.io's poll PIN): the first 30 bits of
 * the ticket's uuid as 6 symbols of Crockford's base 32. Derived, not stored: the ticket page shows it and the
 * poll calls find the ticket by it. 30 bits are about a billion PINs; two checked-in tickets of one event that
 * share them (one chance in ~2,000 at 1,000 attendees) make the PIN ambiguous, answered `pin.duplicate`.
 *
 * Here rather than in the domain: it is published for the ticket page and the storefront (contracts may not
 * import the domain), and the domain imports it from here.
 */
export const POLL_PIN_LENGTH = 6;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 30-bit number of a ticket's uuid: its first 8 hex digits without the last 2 bits. */
function prefixOf(ticketUuid: string): number {
  if (!UUID.test(ticketUuid)) throw new RangeError(`not a uuid: ${ticketUuid}`);
  return Math.floor(parseInt(ticketUuid.slice(0, 8), 16) / 4);
}

export function pollPinOf(ticketUuid: string): string {
  return encodeCrockford(prefixOf(ticketUuid), POLL_PIN_LENGTH);
}

/** The uuids a PIN stands for, as the inclusive range [from, to] in the uuid order (lower-case hex); null for a malformed PIN. */
export function ticketUuidRangeOfPin(typed: string): { readonly from: string; readonly to: string } | null {
  const value = decodeCrockford(normalizeCrockford(typed), POLL_PIN_LENGTH);
  if (value === null) return null;
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return { from: `${hex(value * 4)}-0000-0000-0000-000000000000`, to: `${hex(value * 4 + 3)}-ffff-ffff-ffff-ffffffffffff` };
}

/** Whether the ticket's uuid is one the PIN (as typed: any case, spaces and dashes) stands for. */
export function matchesPollPin(ticketUuid: string, typed: string): boolean {
  return decodeCrockford(normalizeCrockford(typed), POLL_PIN_LENGTH) === prefixOf(ticketUuid);
}
