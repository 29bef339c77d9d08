// What other contexts may know of tickets: the first event of a ticket's stream (sales appends it) and the
// tickets of an order as they stand.
export { ticketStreamId, type TicketHolder, type TicketIssued } from './ticket-issued.js';
export { IssuedTickets, type IssuedTicket } from './issued-tickets.js';
export { TicketDocuments, type TicketAttachment } from './ticket-documents.js';
export { matchesPollPin, pollPinOf, POLL_PIN_LENGTH, ticketUuidRangeOfPin } from './poll-pin.js';
export { releaseAllowed, type ReleaseTerms } from './release-terms.js';
