/**
 * The page of a reservation an address shows (`/{type}/{id}/reservation/{reservationId}/{page}`; no other route has a
 * 'reservation' segment), by its last segment ('book', 'success' ...), or undefined off a reservation's pages.
 * Spec 2, Chrome: there the last segment decides; only 'success' offers the top bar's login link (the booking step
 * suggests its own, which comes back to the reservation), only 'book' the footer's links (the overview asks to accept
 * the terms and privacy policy beside their links). Every other page offers both. A module of its own: the chrome
 * (in the entry) reads it, and the entry should not take in the modules around it.
 */
export const reservationPageOf = (pathname: string): string | undefined => /\/reservation\/[^/]+\/([^/]+)\/?$/.exec(pathname)?.[1];
