import { lazyPart } from '../../app/lazy-part';

/**
 * A ticket's actions (components/ticket-actions.tsx) as a part of the success page: its code is the ticket pages'
 * chunk, which the page asks for as soon as it knows it shows tickets (see useLazyParts), so it opens with them.
 */
export const ticketActionsPart = lazyPart(() => import('./components/ticket-actions').then((m) => m.TicketActions));
