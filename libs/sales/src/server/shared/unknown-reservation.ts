import { BadRequestError } from '@ticketing/kernel';

/** alf.io's text/plain body of a 400 for a reservation id it cannot find (reference 3.3 items 30-31; we use it for 24 too). */
export const UNKNOWN_RESERVATION = 'Passed reservationId does not exist.';

/** The 400 (not 404) the reference gives a few calls naming an unknown reservation: init, the custom payment method lookups. */
export const unknownReservation = (): BadRequestError => new BadRequestError(UNKNOWN_RESERVATION);
