import type { DomainEvent } from '@ticketing/kernel';
import type { OnlineMethod, OnlineProxy } from '@ticketing/payments/contracts';
import type { ReservationPrice } from '../pricing/reservation-price.js';
import type { BookingDetails } from './booking-details.js';

export interface ReservedTicket {
  /** The ticket's own id (`ticket-{uuid}` once issued). */
  readonly ticketId: string;
  readonly categoryId: number;
  /** Attendee metadata the buyer's client sent for this ticket (spec point 3, metadata). */
  readonly metadata: Readonly<Record<string, string>>;
}

export interface ReservedService {
  readonly serviceId: number;
  readonly quantity: number;
  /** Minor units chosen by the buyer (donations, custom amounts); null for fixed prices. */
  readonly amount: number | null;
  /** Added by the reservation itself (a mandatory supplement), not chosen. */
  readonly mandatory: boolean;
}

/** A booked item (an additional service item, numbered from 1 as the reservation view numbers them) and its ticket. */
export interface ItemLink {
  readonly itemId: number;
  readonly ticketId: string;
}

/**
 * What an order buys: a pass of a subscription descriptor, with the id the pass gets once issued. Absent from
 * ReservationOpened: an event's tickets (every reservation opened before passes were sold).
 */
export interface SubscriptionPurchaseContext {
  readonly type: 'subscription';
  readonly descriptorId: string;
  readonly subscriptionId: string;
}

/** 'event' unless the reservation opened for a pass. */
export const purchaseContextTypeOf = (opened: ReservationOpened['data']): 'event' | 'subscription' => opened.purchaseContext?.type ?? 'event';

/** First event of a `reservation-{uuid}` stream: the buyer holds seats until `validUntil`. */
export type ReservationOpened = DomainEvent<
  'ReservationOpened',
  {
    readonly reservationId: string;
    /**
     * The inventory its hold counts in: the event's short name, or for a pass subscriptionInventoryKey(descriptor)
     * (`subscription:{id}`, which no event's short name can be).
     */
    readonly eventShortName: string;
    /** The buyer's language (`lang` of reserve-tickets): e-mails and documents use it. */
    readonly language: string;
    /** ISO instant: after it the reservation expires and its seats go back. */
    readonly validUntil: string;
    /** The code applied (discount or access), as typed. */
    readonly promoCode: string | null;
    readonly tickets: readonly ReservedTicket[];
    readonly additionalServices: readonly ReservedService[];
    readonly price: ReservationPrice;
    /**
     * The ticket each booked item goes with until the buyer moves it (see linkItemsToTickets), one per item of
     * `price.items`. Absent from reservations opened before items were linked at once: there only per-ticket fees
     * had a ticket (their `ticketIndex`).
     */
    readonly itemLinks?: readonly ItemLink[];
    /** The logged-in public user who owns it (OpenID), or null for an anonymous buyer. */
    readonly ownerUserId: string | null;
    /** Set when it buys a pass; absent for an event's tickets. */
    readonly purchaseContext?: SubscriptionPurchaseContext;
  }
>;

/** The buyer let it go before paying. */
export type ReservationCancelled = DomainEvent<'ReservationCancelled', { readonly reservationId: string; readonly eventShortName: string }>;

/** Not paid in time: issued by the expiry sweeper, a deadline as an event (STYLE 8). */
export type ReservationExpired = DomainEvent<'ReservationExpired', { readonly reservationId: string; readonly eventShortName: string; readonly validUntil: string }>;

/**
 * The buyer's contact, invoice and attendee details, as last submitted on the booking step: stored even when
 * they did not pass validation (the buyer finds them again), but only `BookingValidated` lets the order go on.
 * On a complete order, recorded again when a ticket's update changes the answers about its supplement items.
 * `booking` is personal data: in the log it lives encrypted under `subjectId` and reads as null once erased.
 */
export type BookingDetailsRecorded = DomainEvent<
  'BookingDetailsRecorded',
  { readonly reservationId: string; readonly subjectId: string; readonly booking: BookingDetails | null }
>;

/**
 * The buyer went on in another of the event's languages than the one they reserved in (the booking step's `lang`):
 * what the order says from now on (its e-mails, item names, documents) speaks this one, as alf.io keeps the
 * language of the last step.
 */
export type ReservationLanguageChanged = DomainEvent<'ReservationLanguageChanged', { readonly reservationId: string; readonly language: string }>;

/** The recorded details passed every rule (and the buyer accepted the warnings): on to the overview. */
export type BookingValidated = DomainEvent<'BookingValidated', { readonly reservationId: string }>;

/** Back from the overview to the booking step (`back-to-booking`): the details must be validated again. */
export type BookingReopened = DomainEvent<'BookingReopened', { readonly reservationId: string }>;

/** NONE: a free order; OFFLINE: bank transfer; ON_SITE: paid at the desk; the others: a card or redirect provider. */
export type ConfirmedPaymentProxy = 'NONE' | 'OFFLINE' | 'ON_SITE' | OnlineProxy;

/**
 * The buyer started paying through a provider (`payment-{attemptId}` holds the attempt): the order waits for the
 * provider (EXTERNAL_PROCESSING_PAYMENT) and its seats are held until `validUntil`, so a payment in flight is not
 * expired under the buyer.
 */
export type PaymentStarted = DomainEvent<
  'PaymentStarted',
  {
    readonly reservationId: string;
    readonly eventShortName: string;
    readonly attemptId: string;
    readonly proxy: OnlineProxy;
    readonly method: OnlineMethod;
    readonly validUntil: string;
  }
>;

/** The provider has the buyer's payment and confirms it (WAITING_EXTERNAL_CONFIRMATION). */
export type PaymentAwaitingConfirmation = DomainEvent<'PaymentAwaitingConfirmation', { readonly reservationId: string; readonly attemptId: string }>;

/**
 * The attempt ended without money (declined, cancelled, abandoned, or money of another amount): the order is
 * PENDING again until `validUntil`, and the buyer may pay again. `code`/`message`: the provider's reason.
 */
export type PaymentAttemptEnded = DomainEvent<
  'PaymentAttemptEnded',
  {
    readonly reservationId: string;
    readonly eventShortName: string;
    readonly attemptId: string;
    readonly outcome: 'FAILED' | 'ABANDONED' | 'MISMATCHED';
    readonly code: string | null;
    readonly message: string | null;
    readonly validUntil: string;
  }
>;

/**
 * The buyer confirmed the overview (terms accepted, a way to pay chosen). A free or on-site order is complete
 * at once; a bank transfer waits (OFFLINE_PAYMENT) until `paymentDeadline`, its seats held until then; on an
 * event that defers transfers it is accepted at once (DEFERRED_OFFLINE_PAYMENT: seats sold, tickets issued)
 * and the money is due by `paymentDeadline`, the event's begin. A paid order that gets an invoice is
 * FINALIZING instead of COMPLETE (seats sold, tickets issued) until its invoice number is assigned
 * (`ReservationFinalized`).
 */
export type ReservationConfirmed = DomainEvent<
  'ReservationConfirmed',
  {
    readonly reservationId: string;
    readonly eventShortName: string;
    readonly paymentProxy: ConfirmedPaymentProxy;
    /** The payment method id of the wire (`BANK_TRANSFER`, `ON_SITE`, `NONE`). */
    readonly paymentMethod: string;
    readonly status: 'COMPLETE' | 'FINALIZING' | 'OFFLINE_PAYMENT' | 'DEFERRED_OFFLINE_PAYMENT';
    /**
     * ISO instant, bank transfers only: unpaid after it an OFFLINE_PAYMENT reservation expires; a deferred one
     * never does (its seats are sold), the deadline only tells the buyer when the money is due.
     */
    readonly paymentDeadline: string | null;
    readonly privacyPolicyAccepted: boolean;
    /** The attempt whose money completed the order (card and redirect providers); absent otherwise. */
    readonly paymentAttemptId?: string;
    /**
     * The order gets an invoice number once paid (see invoiceDue): FINALIZING says so for an order paid now; a
     * transfer still awaited carries it to its confirmation. Absent: no invoice (and in events before invoices).
     */
    readonly invoiceDue?: boolean;
  }
>;

/**
 * The organizer saw the bank transfer arrive (awaited or deferred): the order is complete, or FINALIZING when it
 * gets an invoice number (absent `status`: COMPLETE, as in events before invoices).
 */
export type OfflinePaymentConfirmed = DomainEvent<
  'OfflinePaymentConfirmed',
  { readonly reservationId: string; readonly eventShortName: string; readonly status?: 'COMPLETE' | 'FINALIZING' }
>;

/**
 * A paid order got its invoice number: FINALIZING -> COMPLETE. Appended in one step with the organizer's
 * `InvoiceNumberAssigned` of the same number (`invoice-sequence-{organizerSlug}`).
 */
export type ReservationFinalized = DomainEvent<
  'ReservationFinalized',
  {
    readonly reservationId: string;
    readonly eventShortName: string;
    readonly organizerSlug: string;
    readonly sequence: number;
    readonly invoiceNumber: string;
  }
>;

/**
 * A pass pays for some of the order's tickets (apply-code): `price` is the order's price with them covered (see
 * coverTickets). Appended with the pass's SubscriptionUsed of as many entries, all or nothing.
 */
export type SubscriptionApplied = DomainEvent<
  'SubscriptionApplied',
  {
    readonly reservationId: string;
    readonly eventShortName: string;
    readonly subscriptionId: string;
    /** The tickets it pays for (ReservedTicket.ticketId). */
    readonly ticketIds: readonly string[];
    readonly price: ReservationPrice;
  }
>;

/**
 * The buyer took the pass off the order (remove-code): `price` is the order's price without it again. Appended with
 * the pass's SubscriptionUseUndone; an order cancelled or expired gives the use back the same way, without this event.
 */
export type SubscriptionRemoved = DomainEvent<
  'SubscriptionRemoved',
  { readonly reservationId: string; readonly eventShortName: string; readonly subscriptionId: string; readonly price: ReservationPrice }
>;

export type ReservationEvent =
  | ReservationOpened
  | ReservationCancelled
  | ReservationExpired
  | BookingDetailsRecorded
  | BookingValidated
  | BookingReopened
  | ReservationLanguageChanged
  | ReservationConfirmed
  | OfflinePaymentConfirmed
  | ReservationFinalized
  | PaymentStarted
  | PaymentAwaitingConfirmation
  | PaymentAttemptEnded
  | SubscriptionApplied
  | SubscriptionRemoved;

export const reservationEventTypes: readonly ReservationEvent['type'][] = [
  'ReservationOpened',
  'ReservationCancelled',
  'ReservationExpired',
  'BookingDetailsRecorded',
  'BookingValidated',
  'BookingReopened',
  'ReservationLanguageChanged',
  'ReservationConfirmed',
  'OfflinePaymentConfirmed',
  'ReservationFinalized',
  'PaymentStarted',
  'PaymentAwaitingConfirmation',
  'PaymentAttemptEnded',
  'SubscriptionApplied',
  'SubscriptionRemoved',
];

/** The subject under which a reservation's personal data is encrypted (erasing it forgets the buyer and attendees). */
export const reservationSubjectId = (reservationId: string) => `reservation-${reservationId}`;

export const reservationStreamId = (reservationId: string) => `reservation-${reservationId}`;
