import { lazyPart } from '../../app/lazy-part';

// The steps' dialogs open on a click (cancel, a warning) or when the reservation expires: their code, with the focus
// trap, comes in a chunk of its own, loaded when the visitor first acts on the page (preloadCheckoutDialogs), else
// when one opens. Each renders in a Suspense boundary of its own, so the page never waits for one.
const dialogs = () => import('./components/checkout-dialogs');

export const expiredDialog = lazyPart(() => dialogs().then((m) => m.ExpiredDialog));
export const cancelReservationDialog = lazyPart(() => dialogs().then((m) => m.CancelReservationDialog));
export const warningDialog = lazyPart(() => dialogs().then((m) => m.WarningDialog));

export function preloadCheckoutDialogs(): void {
  for (const part of [expiredDialog, cancelReservationDialog, warningDialog]) void part.preload().catch(() => undefined);
}
