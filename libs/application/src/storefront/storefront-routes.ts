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
  '/event/:eventShortName/reservation/:reservationId/*',
  '/event/:eventShortName/ticket/:ticketId',
  '/event/:eventShortName/ticket/:ticketId/*',
  '/my-orders',
  '/my-profile',
];
