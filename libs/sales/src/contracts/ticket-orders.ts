import type { EventMetadata, RuleViolation } from '@ticketing/kernel';
import type { IssuedTicket, TicketHolder } from '@ticketing/ticketing/contracts';

/** What the ticketing context knows of the order a ticket belongs to. */
export interface TicketOrder {
  readonly reservationId: string;
  /** First 8 characters of the id, upper case: the reference printed on tickets and invoices. */
  readonly shortId: string;
  readonly status: string;
  /** The reference's "complete" (or a deferred transfer's, whose tickets are issued before the money arrives): its tickets can be shown, changed and sent. */
  readonly complete: boolean;
  readonly eventShortName: string;
  /** The buyer's language. */
  readonly language: string;
  readonly buyer: { readonly firstName: string; readonly lastName: string; readonly email: string } | null;
  /** The e-mail of an assigned ticket may not change (reservation metadata lockEmailEdit). */
  readonly lockEmailEdit: boolean;
  /** Per ticket: what was paid for it (minor units, 0 = free) and the currency. */
  readonly tickets: readonly { readonly ticketId: string; readonly categoryId: number; readonly finalPrice: number }[];
  readonly currency: string;
  /** The order holds a supplement item that was paid for (alf.io's hasPaidSupplements): its tickets may not be given back. */
  readonly paidSupplement: boolean;
}

/** The ticket update form as the wire sends it (`UpdateTicketOwnerForm`). */
export interface TicketOwnerInput {
  readonly email: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly fullName?: string | null;
  readonly userLanguage?: string | null;
  readonly additional: Readonly<Record<string, readonly string[]>> | null;
  /** Answers about the supplement items linked to the ticket: ticket -> item links, as the booking form sends them. */
  readonly additionalServices?: Readonly<
    Record<string, readonly { readonly additionalServiceItemId: number | null; readonly ticketUUID: string | null; readonly additional: Readonly<Record<string, readonly string[]>> | null }[]>
  > | null;
}

/** New answers about one supplement item of the order, checked by checkHolder. */
export interface ItemAnswersChange {
  readonly itemId: number;
  readonly answers: Readonly<Record<string, readonly string[]>>;
}

/** A stream append of the ticket's own events, appended with what the inventory decides (structurally the event store's). */
export interface CompanionAppend {
  readonly streamId: string;
  readonly expectedRevision: number;
  readonly events: readonly {
    readonly type: string;
    readonly data: Record<string, unknown>;
    readonly metadata: EventMetadata;
    readonly personal?: { readonly subjectId: string; readonly data: Record<string, unknown> };
  }[];
}

/**
 * The sales side of a ticket after purchase, for the ticketing context: the order, the booking rules for a new
 * holder (the same as at booking), the supplements booked with the ticket, and the seat going back on sale.
 */
export abstract class TicketOrders {
  /** null when no such reservation exists. */
  abstract orderOf(reservationId: string): Promise<TicketOrder | null>;

  /**
   * The update form checked by the booking step's rules: the attendee's for this ticket's category questions, and
   * the supplement items' for the answers about the items linked to the ticket (`items`, to record with the holder).
   * A choice the organizer withdrew since is still accepted where the ticket holds it already (`heldAnswers`, the
   * holder's answers now): the view keeps offering it, and the holder changing their name must not have to drop it.
   */
  abstract checkHolder(
    order: TicketOrder,
    ticketId: string,
    form: TicketOwnerInput,
    now: Date,
    heldAnswers: Readonly<Record<string, readonly string[]>>,
  ): Promise<{ readonly errors: readonly RuleViolation[]; readonly holder: TicketHolder; readonly items: readonly ItemAnswersChange[] }>;

  /**
   * The answers about the ticket's items recorded on the order (an answer to a field that is not editable stays once
   * given, whatever `items` says), with the ticket's own events (`companion`, if any)
   * in the same append; the append's position, null when nothing changed. WrongExpectedRevisionError when either
   * stream moved since it was read: decide again.
   */
  abstract recordItemAnswers(order: TicketOrder, ticketId: string, items: readonly ItemAnswersChange[], companion: CompanionAppend | null, metadata: EventMetadata): Promise<bigint | null>;

  /**
   * The supplements booked with the ticket, in the wire's `AdditionalServiceWithData` shape (with the holder's
   * answers to their fields), localized in `language`.
   */
  abstract servicesOf(order: TicketOrder, ticketId: string, language: string, now: Date): Promise<readonly Record<string, unknown>[]>;

  /**
   * Tickets of the order by category in the wire's `TicketsByTicketCategory` shape (reference 33), each with its
   * flags and questions as the order's page shows them.
   */
  abstract ticketsByCategory(order: TicketOrder, tickets: readonly IssuedTicket[], now: Date): Promise<readonly Record<string, unknown>[]>;

  /** The seat of a released ticket back on sale, with the ticket's events in the same append; the append's position. */
  abstract returnSeat(order: TicketOrder, ticket: { readonly ticketId: string; readonly categoryId: number }, companion: CompanionAppend, metadata: EventMetadata): Promise<bigint | null>;
}
