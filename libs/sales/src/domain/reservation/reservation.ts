import { DomainError } from '@ticketing/kernel';
import type { BookingDetails } from './booking-details.js';
import type { OnlineMethod, OnlineProxy } from '@ticketing/payments/contracts';
import type { ReservationPrice } from '../pricing/reservation-price.js';
import type { ConfirmedPaymentProxy, ReservationCancelled, ReservationEvent, ReservationExpired, ReservationOpened } from './reservation.events.js';

/** DEFERRED_OFFLINE_PAYMENT: accepted with its tickets issued, the bank transfer still due (before the event begins). */
/** EXTERNAL_PROCESSING_PAYMENT: a provider has the buyer's payment; WAITING_EXTERNAL_CONFIRMATION: the provider confirms it. */
/** FINALIZING: paid (seats sold, tickets issued), its invoice number not assigned yet; COMPLETE once it is. */
export type ReservationStatus =
  | 'PENDING'
  | 'EXTERNAL_PROCESSING_PAYMENT'
  | 'WAITING_EXTERNAL_CONFIRMATION'
  | 'OFFLINE_PAYMENT'
  | 'DEFERRED_OFFLINE_PAYMENT'
  | 'FINALIZING'
  | 'COMPLETE'
  | 'CANCELLED'
  | 'EXPIRED';

/** The provider payment in flight. */
export interface PaymentInFlight {
  readonly attemptId: string;
  readonly proxy: OnlineProxy;
  readonly method: OnlineMethod;
}

export interface ReservationPayment {
  readonly proxy: ConfirmedPaymentProxy;
  readonly method: string;
  /** When the buyer confirmed (ISO instant). */
  readonly confirmedAt: string;
  /** When the money is in: at confirmation for free and on-site orders (nothing to wait for), on the organizer's word for a transfer. */
  readonly completedAt: string | null;
  /** The provider attempt that paid it (card and redirect providers). */
  readonly attemptId: string | null;
}

export interface AppliedSubscription {
  readonly subscriptionId: string;
  readonly ticketIds: readonly string[];
}

export interface OpenedReservation {
  readonly status: ReservationStatus;
  readonly eventShortName: string;
  /** The deadline now: the hold's expiry while pending, the payment deadline while a transfer is awaited. */
  readonly validUntil: string;
  readonly opened: ReservationOpened['data'];
  readonly openedAt: string;
  /** The language the order speaks: the one it was opened in, or the last the buyer went on in (ReservationLanguageChanged). */
  readonly language: string;
  /** What the order costs now: its price at opening, or with the tickets a pass pays for (SubscriptionApplied). */
  readonly price: ReservationPrice;
  /** The pass paying for some of its tickets, while applied. */
  readonly appliedSubscription: AppliedSubscription | null;
  /** The last details the buyer submitted (null before the first submission, or once erased). */
  readonly booking: BookingDetails | null;
  readonly validated: boolean;
  readonly payment: ReservationPayment | null;
  /** Set while a provider has the buyer's payment (EXTERNAL_PROCESSING_PAYMENT, WAITING_EXTERNAL_CONFIRMATION). */
  readonly inFlight: PaymentInFlight | null;
  /** Why the last provider attempt ended without money, for the buyer; cleared when another starts. */
  readonly lastPaymentFailure: { readonly code: string | null; readonly message: string | null } | null;
  /** The order gets an invoice number once paid (decided at its confirmation). */
  readonly invoiceDue: boolean;
  /** Its invoice number and when it was assigned (ISO instant), once finalized. */
  readonly invoice: { readonly number: string; readonly assignedAt: string } | null;
}

export type ReservationState = { readonly status: 'NONE' } | OpenedReservation;

export const initialReservationState = (): ReservationState => ({ status: 'NONE' });

/** `occurredAt` of the event being folded, for the timestamps the views show. */
export function evolveReservation(state: ReservationState, event: ReservationEvent, occurredAt = ''): ReservationState {
  if (event.type === 'ReservationOpened') {
    const { eventShortName, validUntil } = event.data;
    return {
      status: 'PENDING',
      eventShortName,
      validUntil,
      opened: event.data,
      openedAt: occurredAt,
      language: event.data.language,
      price: event.data.price,
      appliedSubscription: null,
      booking: null,
      validated: false,
      payment: null,
      inFlight: null,
      lastPaymentFailure: null,
      invoiceDue: false,
      invoice: null,
    };
  }
  if (state.status === 'NONE') return state;
  switch (event.type) {
    case 'ReservationCancelled':
      return { ...state, status: 'CANCELLED' };
    case 'ReservationExpired':
      return { ...state, status: 'EXPIRED' };
    case 'BookingDetailsRecorded':
      return { ...state, booking: event.data.booking };
    case 'BookingValidated':
      return { ...state, validated: true };
    case 'BookingReopened':
      return { ...state, validated: false };
    case 'ReservationLanguageChanged':
      return { ...state, language: event.data.language };
    case 'ReservationConfirmed': {
      const { paymentProxy: proxy, paymentMethod: method, status, paymentDeadline } = event.data;
      const paidNow = status === 'COMPLETE' || status === 'FINALIZING';
      return {
        ...state,
        status,
        validUntil: paymentDeadline ?? state.validUntil,
        payment: { proxy, method, confirmedAt: occurredAt, completedAt: paidNow ? occurredAt : null, attemptId: event.data.paymentAttemptId ?? null },
        inFlight: null,
        invoiceDue: event.data.invoiceDue === true || status === 'FINALIZING',
      };
    }
    case 'PaymentStarted': {
      const { attemptId, proxy, method, validUntil } = event.data;
      return { ...state, status: 'EXTERNAL_PROCESSING_PAYMENT', validUntil, inFlight: { attemptId, proxy, method }, lastPaymentFailure: null };
    }
    case 'PaymentAwaitingConfirmation':
      return state.inFlight?.attemptId === event.data.attemptId ? { ...state, status: 'WAITING_EXTERNAL_CONFIRMATION' } : state;
    case 'PaymentAttemptEnded':
      return {
        ...state,
        status: 'PENDING',
        validUntil: event.data.validUntil,
        inFlight: null,
        lastPaymentFailure: event.data.outcome === 'ABANDONED' ? null : { code: event.data.code, message: event.data.message },
      };
    case 'OfflinePaymentConfirmed':
      return { ...state, status: event.data.status ?? 'COMPLETE', payment: state.payment && { ...state.payment, completedAt: occurredAt } };
    case 'SubscriptionApplied':
      return { ...state, price: event.data.price, appliedSubscription: { subscriptionId: event.data.subscriptionId, ticketIds: event.data.ticketIds } };
    case 'SubscriptionRemoved':
      return { ...state, price: event.data.price, appliedSubscription: null };
    case 'ReservationFinalized':
      return state.status === 'FINALIZING' ? { ...state, status: 'COMPLETE', invoice: { number: event.data.invoiceNumber, assignedAt: occurredAt } } : state;
  }
}

/**
 * Its tickets are issued and in use: a complete order, or a deferred transfer's, whose tickets are issued at the
 * buyer's confirmation (the money due by the event's begin). They are shown, sent, changed and given back; not
 * while the order is FINALIZING (its invoice number on the way).
 */
export const ticketsIssued = (state: ReservationState): state is OpenedReservation => state.status === 'COMPLETE' || state.status === 'DEFERRED_OFFLINE_PAYMENT';

export const reservationNotPending = 'error.reservation.notPending';

/** The buyer cancels (DELETE reservation): only a pending reservation; a second cancel changes nothing. */
export function decideCancelReservation(state: ReservationState, reservationId: string): ReservationCancelled[] {
  if (state.status === 'CANCELLED') return [];
  if (state.status !== 'PENDING') throw new DomainError(reservationNotPending, 'reservationId');
  return [{ type: 'ReservationCancelled', data: { reservationId, eventShortName: state.eventShortName } }];
}

/**
 * The last ticket of an order was given back (reference 35): the order goes with it, as alf.io removes an order
 * left without tickets (and audits it as a cancellation); it is found no more. Only an order whose tickets are issued.
 */
export function decideRemoveEmptiedOrder(state: ReservationState, reservationId: string): ReservationCancelled[] {
  if (!ticketsIssued(state)) return [];
  return [{ type: 'ReservationCancelled', data: { reservationId, eventShortName: state.eventShortName } }];
}

/**
 * The sweeper expires a pending reservation whose time is up, and a bank transfer not confirmed by its
 * payment deadline (its seats were held until then); anything else is left alone, a deferred transfer too:
 * its seats are sold and its tickets issued, an unpaid one is the organizer's to chase.
 */
export function decideExpireReservation(state: ReservationState, reservationId: string, now: Date): ReservationExpired[] {
  if (state.status !== 'PENDING' && state.status !== 'OFFLINE_PAYMENT') return [];
  if (Date.parse(state.validUntil) > now.getTime()) return [];
  return [{ type: 'ReservationExpired', data: { reservationId, eventShortName: state.eventShortName, validUntil: state.validUntil } }];
}
