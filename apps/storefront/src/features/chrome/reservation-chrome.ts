/** What the chrome offers around a page: the top bar's login link (anonymous visitors) and the footer's legal links. */
export interface ChromeOffers {
  readonly loginLink: boolean;
  readonly footerLinks: boolean;
}

/** `/{type}/{publicIdentifier}/reservation/{reservationId}/{page}`: a reservation's page, by its last segment. */
const RESERVATION_PAGE = /^\/[^/]+\/[^/]+\/reservation\/[^/]+\/([^/]+)\/?$/;

/** The reservation page an address shows (its last segment: 'book', 'success' ...), or undefined off them. */
export const reservationPageOf = (pathname: string): string | undefined => RESERVATION_PAGE.exec(pathname)?.[1];

/**
 * Spec 2, Chrome: on a reservation's pages the last path segment decides; only 'success' offers the top bar's login
 * (the booking step suggests its own, which comes back to the reservation), only 'book' the footer's links (the
 * overview asks to accept the terms and privacy policy beside their links). Every other page offers both.
 */
export function chromeOffersAt(pathname: string): ChromeOffers {
  const page = reservationPageOf(pathname);
  if (page === undefined) return { loginLink: true, footerLinks: true };
  return { loginLink: page === 'success', footerLinks: page === 'book' };
}
