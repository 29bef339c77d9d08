import { lazyPart, partPlaceholder } from '../../app/lazy-part';

// What the booking step shows for what the reservation buys, each in a chunk of its own (the step is shared by events
// and passes, and neither carries the other's section): an event's attendees, with their tickets' forms and supplement
// items, and a pass's owner (spec 2, Booking step, "Subscriptions"). The step waits for the one it shows
// (useLazyParts): nothing pops in.
export const attendees = lazyPart(() => import('./components/attendees-section').then((m) => m.AttendeesSection), partPlaceholder);
export const subscriptionOwner = lazyPart(() => import('./components/subscription-owner-section').then((m) => m.SubscriptionOwnerSection), partPlaceholder);
// The login suggestion or the profile's prefill (spec 2 and 6): loaded only with login on (most sites have none), after
// the page is on screen; it renders nothing until it knows who is there.
export const account = lazyPart(() => import('./components/booking-account').then((m) => m.BookingAccount));

// This module comes with the booking step's code, which the event page loads as soon as a quantity is picked: the
// attendees' chunk is asked for with it, so the step after Continue shows whole at once (a pass's step has no attendees).
if (typeof location !== 'undefined' && location.pathname.startsWith('/event/')) void attendees.preload();
