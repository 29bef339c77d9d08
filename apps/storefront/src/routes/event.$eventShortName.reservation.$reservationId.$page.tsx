import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * Any other child address of a reservation, so that it reaches the status guard instead of the home page: the
 * guard (the parent's beforeLoad) sends it to the page the status asks for. Spec 2 names one such address, the
 * legacy 'waitingPayment' of e-mails already sent; it leads to waiting-payment. (A file of its own cannot do
 * it: the router's generator gives 'waitingPayment' and 'waiting-payment' the same identifier.)
 */
export const Route = createFileRoute('/event/$eventShortName/reservation/$reservationId/$page')({
  beforeLoad: ({ params: { eventShortName, reservationId, page }, location }) => {
    if (page === 'waitingPayment') {
      throw redirect({ to: '/event/$eventShortName/reservation/$reservationId/waiting-payment', params: { eventShortName, reservationId }, search: location.search, replace: true });
    }
    throw redirect({ to: '/event/$eventShortName', params: { eventShortName }, replace: true });
  },
});
