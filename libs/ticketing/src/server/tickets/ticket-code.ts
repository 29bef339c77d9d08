import { createHash, createHmac } from 'node:crypto';
import type { TicketHolder } from '@ticketing/ticketing/contracts';

/** Each event signs its tickets with its own key, derived from the platform's secret. */
export function eventKey(secret: Buffer, eventShortName: string): Buffer {
  return createHmac('sha256', secret).update(`event-ticket-codes/${eventShortName}`).digest();
}

/**
 * What a ticket's QR code says (reference 38): `<ticket uuid>/<base64 HMAC-SHA256(event key,
 * "reservationId/uuid/fullName/email")>`. It changes with the holder, so a ticket handed on makes the old one
 * worthless at the door.
 */
export function ticketCode(secret: Buffer, eventShortName: string, reservationId: string, ticketId: string, holder: TicketHolder): string {
  const fullName = `${holder.firstName} ${holder.lastName}`.trim();
  const signature = createHmac('sha256', eventKey(secret, eventShortName)).update(`${reservationId}/${ticketId}/${fullName}/${holder.email}`).digest('base64');
  return `${ticketId}/${signature}`;
}

/** The check-in link's proof (reference 39, 58): sha256 hex of the ticket code. */
export const checkInCodeOf = (code: string) => createHash('sha256').update(code).digest('hex');
