export * from './ticket.events.js';
export * from './ticket.js';
export * from './decide-ticket.js';
