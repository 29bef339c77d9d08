import type { ItemAssignment } from '../reservation/booking-details.js';
import { answersTo, checkAdditionalAnswers, type FieldRulesContext } from './attendee-field-rules.js';
import type { BookedItem, BookingContext } from './booking-context.js';
import { bookingErrors } from './booking-errors.js';
import type { AdditionalServiceLinkForm } from './booking-form.js';
import type { BookingReport } from './booking-report.js';

type LinksByTicket = Readonly<Record<string, readonly AdditionalServiceLinkForm[]>>;

interface Link {
  /** The ticket the item is listed under in the form (the key of `additionalServices`). */
  readonly listedUnder: string;
  readonly index: number;
  readonly form: AdditionalServiceLinkForm;
}

function linksOf(additionalServices: LinksByTicket): Link[] {
  return Object.entries(additionalServices).flatMap(([listedUnder, forms]) => forms.map((form, index) => ({ listedUnder, index, form })));
}

/** Each booked item is linked exactly once, to a ticket of this reservation. */
function allAssigned(links: readonly Link[], context: BookingContext): boolean {
  const booked = new Set(context.items.map((i) => i.itemId));
  const tickets = new Set(context.tickets.map((t) => t.ticketId));
  const linked = new Set<number>();
  for (const { form } of links) {
    const id = form.additionalServiceItemId;
    if (id === null || !booked.has(id) || linked.has(id) || form.ticketUUID === null || !tickets.has(form.ticketUUID)) return false;
    linked.add(id);
  }
  return linked.size === booked.size;
}

/**
 * Supplement items (reference item 20, linked additional services): every booked item linked to a ticket, else
 * the global `error.STEP_2_ADDITIONAL_ITEMS_NOT_ASSIGNED`; each item's fields under
 * `additionalServices[<ticket>][<i>].additional[<name>][<j>]`, failures summed up as for attendees.
 */
export function checkItems(additionalServices: LinksByTicket, context: BookingContext, fieldContext: FieldRulesContext, report: BookingReport): void {
  const links = linksOf(additionalServices);
  if (!allAssigned(links, context)) report.rejectForm(bookingErrors.itemsNotAssigned);
  const mark = report.mark();
  checkLinkedAnswers(links, context.items, fieldContext, report);
  const failed = report.errorsSince(mark);
  if (failed.length > 0) report.rejectForm(failed.some((e) => e.code === bookingErrors.invalidVat) ? bookingErrors.invalidVat : bookingErrors.missingAttendeeData);
}

/** Each linked item's answers, by its supplement's questions, under `additionalServices[<ticket>][<i>].additional[<name>][<j>]`. */
function checkLinkedAnswers(links: readonly Link[], items: readonly BookedItem[], fieldContext: FieldRulesContext, report: BookingReport): void {
  for (const link of links) {
    const item = items.find((i) => i.itemId === link.form.additionalServiceItemId);
    if (item === undefined) continue;
    checkAdditionalAnswers(link.form.additional, item.questions, `additionalServices[${link.listedUnder}][${link.index}].`, fieldContext, report);
  }
}

/** New answers about one booked item. */
export type ItemAnswers = Pick<ItemAssignment, 'itemId' | 'answers'>;

/**
 * The ticket update (reference 34): the answers about the items linked to that ticket (`items`), checked by the
 * booking step's field rules and named as there. Links are not changed after booking: a link naming another
 * item is not this ticket's to answer and is left out; an item linked twice keeps its first answers.
 */
export function checkTicketItems(additionalServices: LinksByTicket, items: readonly BookedItem[], fieldContext: FieldRulesContext, report: BookingReport): ItemAnswers[] {
  const seen = new Set<number>();
  const links = linksOf(additionalServices).filter(({ form: { additionalServiceItemId: id } }) => {
    if (id === null || seen.has(id) || !items.some((i) => i.itemId === id)) return false;
    seen.add(id);
    return true;
  });
  checkLinkedAnswers(links, items, fieldContext, report);
  return links.map(({ form }) => {
    const item = items.find((i) => i.itemId === form.additionalServiceItemId)!;
    return { itemId: item.itemId, answers: answersTo(form.additional, item.questions) };
  });
}

/** Every booked item with the ticket it was linked to (null when it was not) and the answers about it. */
export function itemsOf(additionalServices: LinksByTicket, context: BookingContext): ItemAssignment[] {
  const links = linksOf(additionalServices);
  return context.items.map((item) => {
    const link = links.find((l) => l.form.additionalServiceItemId === item.itemId);
    if (link === undefined) return { itemId: item.itemId, ticketId: null, answers: {} };
    const ticket = context.tickets.find((t) => t.ticketId === link.form.ticketUUID);
    return { itemId: item.itemId, ticketId: ticket?.ticketId ?? null, answers: answersTo(link.form.additional, item.questions) };
  });
}
