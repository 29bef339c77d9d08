import { lazyPart, partPlaceholder } from '../../../app/lazy-part';

/**
 * The holder form (owner-form/ticket-owner-form.tsx) as a part of the update page: it is the booking step's attendee form, whose
 * code the update page asks for only when it shows the form (at once for a ticket without a holder, else on
 * 'update'); the rest of the page does not wait for it.
 */
export const ownerFormPart = lazyPart(() => import('../owner-form/ticket-owner-form').then((m) => m.TicketOwnerForm), partPlaceholder);
