import { useLazyParts } from '../../../app/lazy-part';
import type { ReservationPage } from '../../reservation-status/reservation-page';
import { passPagePart } from '../pass-page-parts';

interface Props {
  readonly id: string;
  readonly reservationId: string;
  /** The page the status guard let through. */
  readonly page: ReservationPage;
  /** The address's query as the router read it (strings). */
  readonly search: Record<string, unknown>;
}

/** The page of a pass's reservation: the checkout steps and the pages after them, shared with events. */
export function PurchaseReservationPage({ id, reservationId, page, search }: Props) {
  const part = passPagePart(page);
  // the loader started it; the route shows once it is there (no placeholder flash)
  useLazyParts(part);
  return <part.Part context={{ type: 'subscription', id }} reservationId={reservationId} search={search} />;
}
