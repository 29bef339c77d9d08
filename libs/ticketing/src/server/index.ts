export { TicketingModule, type TicketingModuleOptions } from './ticketing.module.js';
export { ticketingProjections, ticketsProjection, TICKETS_TABLE } from './read-models/tickets.projection.js';
export { ticketCode, checkInCodeOf } from './tickets/ticket-code.js';
export type { TicketingOptions } from './tokens.js';
export { pollResults } from './polls/poll-results.query.js';
export { checkInAtDoor, doorCheckInErrors, type DoorCheckIn } from './door-check-in/check-in-at-door.js';
