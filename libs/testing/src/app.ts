// The real application on a database of its own, and the local stand-ins of what it talks to: spec files only.
export { startTestApp, openSession, type TestApp, type TestAppOptions } from './test-app.js';
export { reservationOpening, type ReservationOpening } from './reservation-opening.js';
export { projectionHarness, type ProjectionHarness } from './projection-harness.js';
export { startMailCatcher, readMail, type ReceivedMail, type ReceivedAttachment } from './mail-catcher.js';
export { startSiteverifyStandIn, unreachableUrl, type SiteverifyCall, type SiteverifyStandIn } from './siteverify-stand-in.js';
