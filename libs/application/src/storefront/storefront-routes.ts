/**
 * Every route of the storefront's route table (spec point 2) that the server answers with the app shell, in
 * Fastify's syntax. A deep link or a reload on any of them renders the app; other paths stay 404.
 */
export const STOREFRONT_ROUTES: readonly string[] = [
  '/',
  '/o/:organizerSlug',
  '/events-all',
  '/o/:organizerSlug/events-all',
  '/subscriptions-all',
  '/o/:organizerSlug/subscriptions-all',
  '/subscription/:id',
  '/subscription/:id/reservation/:reservationId/*',
  '/event/:eventShortName',
  '/event/:eventShortName/poll',
  '/event/:eventShortName/poll/:pollId',
  '/event/:eventShortName/reservation/:reservationId/*',
  '/event/:eventShortName/ticket/:ticketId/*',
  '/my-orders',
  '/my-profile',
];

/**
 * A ticket's bare address (the one alf.io's e-mails link to) is its view page (spec 2): a redirect here, so the
 * storefront's route tree, which every visitor loads, carries no route of its own for it.
 */
export const TICKET_ADDRESS = '/event/:eventShortName/ticket/:ticketId';

export const ticketViewAddress = (eventShortName: string, ticketId: string, query: string): string =>
  `/event/${encodeURIComponent(eventShortName)}/ticket/${encodeURIComponent(ticketId)}/view${query}`;
