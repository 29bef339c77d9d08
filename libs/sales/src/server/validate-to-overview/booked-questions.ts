import type { AdditionalService, AttendeeField } from '@ticketing/catalog/contracts';
import type { BookedItem, BookedTicket, BookingQuestion } from '@ticketing/sales/booking-rules';
import { fieldsForCategory, fieldsForService } from '../get-reservation/additional-fields.js';

/**
 * The catalog's attendee fields as the booking rules ask them. The questions of a ticket or item are chosen by
 * the same functions as the reservation view's (`GET /reservation/{id}`), so the server judges exactly the
 * questions the storefront shows, and the storefront, building its context from that view, judges them too.
 */

export function bookingQuestionOf(field: AttendeeField): BookingQuestion {
  return {
    name: field.name,
    type: field.type,
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    restrictedValues: field.restrictedValues,
    disabledValues: field.disabledValues,
  };
}

/** Each ticket with the questions of its category (supplements' questions are asked per item, not here). */
export function bookedTickets(tickets: readonly { readonly ticketId: string; readonly categoryId: number }[], fields: readonly AttendeeField[]): BookedTicket[] {
  return tickets.map(({ ticketId, categoryId }) => ({ ticketId, questions: fieldsForCategory(fields, categoryId).map(bookingQuestionOf) }));
}

/**
 * Each booked supplement item with the questions of its supplement, numbered as the reservation view numbers
 * them: the position among the reservation's items, from 1 (donations take a number and are asked nothing).
 */
export function bookedItems(
  items: readonly { readonly serviceId: number }[],
  services: readonly { readonly service: Pick<AdditionalService, 'id' | 'type'> }[],
  fields: readonly AttendeeField[],
): BookedItem[] {
  const types = new Map(services.map(({ service }) => [service.id, service.type]));
  return items.flatMap((item, index) =>
    types.get(item.serviceId) === 'SUPPLEMENT' ? [{ itemId: index + 1, questions: fieldsForService(fields, item.serviceId).map(bookingQuestionOf) }] : [],
  );
}
