import { lazyPart } from '../../app/lazy-part';

// The steps' dialogs open on a click (cancel, a warning) or when the reservation expires: their code, with the focus
// trap, comes in a chunk of its own, loaded when the visitor first acts on the page (preloadCheckoutDialogs), else
// when one opens. Each has a Suspense boundary of its own (lazyPart), so the page never waits for one; a dialog
// whose chunk does not load shows nothing (the page stays usable: the server still holds the reservation).
const dialogs = () => import('./components/checkout-dialogs');

export const expiredDialog = lazyPart(() => dialogs().then((m) => m.ExpiredDialog));
export const cancelReservationDialog = lazyPart(() => dialogs().then((m) => m.CancelReservationDialog));
export const warningDialog = lazyPart(() => dialogs().then((m) => m.WarningDialog));
export const removeSubscriptionDialog = lazyPart(() => dialogs().then((m) => m.RemoveSubscriptionDialog));

export function preloadCheckoutDialogs(): void {
  for (const part of [expiredDialog, cancelReservationDialog, warningDialog]) void part.preload();
}
