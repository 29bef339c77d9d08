/**
 * Which page of a reservation its status asks for (spec 4, "Reservation status to page"). Pure: the route
 * guard and the polling pages both decide with it.
 */
export const RESERVATION_PAGES = [
  'book',
  'overview',
  'success',
  'waiting-payment',
  'deferred-payment',
  'processing-payment',
  'not-found',
  'error',
] as const;
export type ReservationPage = (typeof RESERVATION_PAGES)[number];

export interface StatusLookup {
  readonly status: string;
  readonly validatedBookingInformation: boolean;
  /** The event or pass the reservation was made for (absent from alf.io's answer). */
  readonly purchaseContext?: { readonly type: string; readonly publicIdentifier: string };
}

/**
 * The lookup of a reservation made for the event or pass in the address, else null (not found, as the server's own
 * reservation link answers): under another one its pages would show that one's title and links that fail. A pass is
 * named by its descriptor id, in any case.
 */
export function lookupIn(lookup: StatusLookup | null, context: { readonly type: string; readonly id: string }): StatusLookup | null {
  const made = lookup?.purchaseContext;
  if (!made) return lookup;
  const same = made.type === context.type && (context.type === 'subscription' ? made.publicIdentifier.toLowerCase() === context.id.toLowerCase() : made.publicIdentifier === context.id);
  return same ? lookup : null;
}

/** The page for a status; `null` is a failed status lookup, which the spec treats as NOT_FOUND. */
export function pageForStatus(lookup: StatusLookup | null): ReservationPage {
  switch (lookup?.status) {
    case 'PENDING':
      return lookup.validatedBookingInformation ? 'overview' : 'book';
    case 'COMPLETE':
    case 'FINALIZING':
      return 'success';
    case 'OFFLINE_PAYMENT':
    case 'OFFLINE_FINALIZING':
      return 'waiting-payment';
    case 'DEFERRED_OFFLINE_PAYMENT':
      return 'deferred-payment';
    case 'EXTERNAL_PROCESSING_PAYMENT':
    case 'WAITING_EXTERNAL_CONFIRMATION':
      return 'processing-payment';
    case 'IN_PAYMENT':
    case 'STUCK':
      return 'error';
    default:
      return 'not-found';
  }
}

/** The pages this storefront has: every page of the table (the processing page came with card payments). */
export const AVAILABLE_PAGES: ReadonlySet<ReservationPage> = new Set(RESERVATION_PAGES);

export function availablePage(page: ReservationPage, available: ReadonlySet<ReservationPage> = AVAILABLE_PAGES): ReservationPage {
  return available.has(page) ? page : 'error';
}

/** The child page of a reservation address (its last path segment), or undefined for the bare address. */
export function pageOfPath(pathname: string, reservationId: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const at = segments.lastIndexOf(reservationId);
  return at >= 0 && at < segments.length - 1 ? segments[at + 1] : undefined;
}

/** Spec 9: the short reservation id is its first 8 characters, shown upper-cased. */
export const shortReservationId = (reservationId: string): string => reservationId.slice(0, 8).toUpperCase();
