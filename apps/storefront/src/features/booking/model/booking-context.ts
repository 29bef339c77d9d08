import { euCountryCodes, isoCountryCodes } from '@ticketing/i18n';
import { acceptingHeldChoices, type BookingContext, type BookingQuestion, type InvoicingSettings } from '@ticketing/sales/booking-rules';
import type { AdditionalField, BookedAdditionalService, BookingTicket } from './additional-field';
import { savedValues } from './additional-field';
import { ticketFields } from './booking-form-values';
import { todayIn } from './dates';

/** What the booking step knows besides the form: the reservation view's tickets and items, the event's settings. */
export interface BookingContextSource {
  /** A pass has no tickets and an owner (the buyer unless 'different owner'); absent means an event. */
  readonly purchaseContextType?: 'event' | 'subscription';
  readonly tickets: readonly BookingTicket[];
  readonly supplements: readonly BookedAdditionalService[];
  /** The order summary's `free`. */
  readonly free: boolean;
  readonly invoicing: InvoicingSettings;
  readonly forceAssignment: boolean;
  readonly containsCategoriesLinkedToGroups: boolean;
  readonly contentLanguages: readonly { readonly locale: string }[];
  /** The event's time zone: the server takes today's date there, and so does the client. */
  readonly timeZone: string;
  /** Epoch ms. */
  readonly now: number;
  /**
   * The ticket update page: a choice the organizer withdrew since is still accepted where the ticket holds it (the
   * view keeps offering it, and the server accepts it there); the booking step refuses it.
   */
  readonly heldChoicesAccepted?: boolean;
}

/**
 * A field of the reservation view as the booking rules ask it. The view offers the withdrawn values no more
 * (restrictedValues leaves them out, as alf.io's); the rules know them as the server does, all the values with the
 * withdrawn ones apart, so that a withdrawn value is refused as withdrawn (error.disabledValue) on both sides.
 */
export const bookingQuestionOf = (field: AdditionalField): BookingQuestion => {
  const disabledValues = field.disabledValues ?? [];
  return {
    name: field.name,
    type: field.type,
    required: field.required,
    minLength: field.minLength ?? null,
    maxLength: field.maxLength ?? null,
    restrictedValues: [...field.restrictedValues, ...disabledValues.filter((v) => !field.restrictedValues.includes(v))],
    disabledValues,
  };
};

/** The question as the ticket's update asks it: the ticket's own answers (its saved values) stay acceptable. */
const acceptingHeld = (field: AdditionalField): BookingQuestion => acceptingHeldChoices(bookingQuestionOf(field), savedValues(field));

/**
 * The booking rules' context as the server builds it for validate-to-overview, from what `GET /reservation/{id}`
 * and the event say: each ticket with the fields shown for it, each supplement item with its own. The EU VAT
 * check is the server's alone (it asks VIES): here it is NOT_CHECKED, and its outcome comes back as a server error.
 */
export function bookingContextOf(source: BookingContextSource): BookingContext {
  return {
    purchaseContextType: source.purchaseContextType ?? 'event',
    tickets: source.tickets.map((ticket) => ({ ticketId: ticket.uuid, questions: ticketFields(ticket).map(source.heldChoicesAccepted ? acceptingHeld : bookingQuestionOf) })),
    items: source.supplements.map((item) => ({ itemId: item.itemId, questions: item.ticketFieldConfiguration.map(bookingQuestionOf) })),
    invoicing: source.invoicing,
    paymentRequired: !source.free,
    forceAssignment: source.forceAssignment,
    categoriesLinkedToGroups: source.containsCategoriesLinkedToGroups,
    contentLanguages: source.contentLanguages.map((l) => l.locale),
    today: todayIn(source.timeZone, source.now),
    euCountryCodes,
    countryCodes: isoCountryCodes,
    vatCheck: { status: 'NOT_CHECKED' },
  };
}
