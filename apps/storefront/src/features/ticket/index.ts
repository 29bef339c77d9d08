// A ticket after the purchase (spec 2). For the success page: each ticket's actions by flag (assign or update, show,
// download, send, release) as a part of their own, in the ticket pages' chunk, so the other reservation pages carry
// none of it. The ticket's own pages (view, update, waiting room) are composed by their routes from ./components and
// ./ticket-loaders.
export { ticketActionsPart } from './ticket-parts';
