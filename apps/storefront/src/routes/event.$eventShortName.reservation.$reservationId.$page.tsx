import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * Any other child address of a reservation, so that it reaches the status guard instead of the home page: the
 * guard (the parent's beforeLoad) sends it to the page the status asks for, since no status asks for a page that
 * has no route of its own. Spec 2 names one such address, the legacy 'waitingPayment' of e-mails already sent: the
 * guard leads it to waiting-payment (or wherever the status is now). Should the guard ever let one through, it
 * goes to the event. (A file of its own cannot serve 'waitingPayment': the router's generator gives it and
 * 'waiting-payment' the same identifier.)
 */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/$page')({
  beforeLoad: ({ params: { eventShortName } }) => {
    throw redirect({ to: '/event/$eventShortName', params: { eventShortName }, replace: true });
  },
});
