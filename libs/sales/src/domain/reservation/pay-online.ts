import { DomainError, NotFoundError } from '@ticketing/kernel';
import type { AttemptStatus, OnlineMethod, OnlineProxy, RefundReason } from '@ticketing/payments/contracts';
import type { Settlement } from '../inventory/hold-seats.js';
import { invoiceDue, type InvoicingRule } from '../invoice/invoice-due.js';
import { confirmErrors } from './confirm-reservation.js';
import type { PaymentAttemptEnded, PaymentAwaitingConfirmation, PaymentStarted, ReservationConfirmed, ReservationLanguageChanged } from './reservation.events.js';
import { decideLanguageChange } from './record-booking.js';
import type { OpenedReservation, ReservationState } from './reservation.js';

/** How long a provider payment may take once started (3-D Secure, a bank's page): the seats are held that long. */
export const PAYMENT_WINDOW_MS = 30 * 60_000;
/** After a failed payment at least this much time is left to try again (reference 5.2, RESERVATION_MIN_TIMEOUT_AFTER_FAILED_PAYMENT). */
export const MIN_TIME_AFTER_FAILED_PAYMENT_MS = 10 * 60_000;

export interface StartOnlinePayment {
  readonly reservationId: string;
  readonly attemptId: string;
  readonly proxy: OnlineProxy;
  readonly method: OnlineMethod;
  readonly now: Date;
  /** The methods the order may be paid with now (`activePaymentMethods`), method -> proxy. */
  readonly offered: Readonly<Record<string, { readonly paymentProxy: string }>>;
  /** The event's language the buyer pays in (the overview's `lang`), else null: the order keeps its own. */
  readonly language: string | null;
}

const refuse = (code: string): never => {
  throw new DomainError(code, 'paymentForm');
};

/**
 * The buyer starts paying through a provider (init, or the overview's confirm with a card or redirect method):
 * only a pending, validated, unexpired order that costs something, with a method it offers. The seats are then
 * held for the payment window, so the provider's answer finds them still there.
 */
export function decideStartPayment(
  state: ReservationState,
  command: StartOnlinePayment,
): { events: PaymentStarted[]; settlement: Settlement; languageChanged?: ReservationLanguageChanged } {
  if (state.status === 'NONE' || state.status === 'CANCELLED') throw new NotFoundError('reservation', command.reservationId);
  if (state.status === 'EXPIRED' || Date.parse(state.validUntil) <= command.now.getTime()) refuse(confirmErrors.expired);
  if (state.status !== 'PENDING') refuse(confirmErrors.notAwaitingTransfer);
  if (!state.validated) refuse(confirmErrors.notValidated);
  if (!state.price.requiresPayment || command.offered[command.method]?.paymentProxy !== command.proxy) refuse(confirmErrors.missingPaymentMethod);
  const validUntil = new Date(Math.max(Date.parse(state.validUntil), command.now.getTime() + PAYMENT_WINDOW_MS)).toISOString();
  const { reservationId, attemptId, proxy, method } = command;
  const [languageChanged] = decideLanguageChange(state, reservationId, command.language);
  return {
    events: [{ type: 'PaymentStarted', data: { reservationId, eventShortName: state.eventShortName, attemptId, proxy, method, validUntil } }],
    settlement: { kind: 'extend', expiresAt: validUntil },
    ...(languageChanged ? { languageChanged } : {}),
  };
}

/** An attempt as the order follows it. */
export interface AttemptOutcome {
  readonly attemptId: string;
  readonly proxy: OnlineProxy;
  readonly method: OnlineMethod;
  readonly status: AttemptStatus;
  /** What the attempt asked for (integer minor units) and took when SUCCEEDED: the order's total when it started. */
  readonly amount: number;
  readonly currency: string;
  readonly failure: { readonly code: string; readonly message: string } | null;
}

export type PaymentFollowUp =
  /** Nothing for the order to do. */
  | { readonly kind: 'none' }
  /** Money taken: the order completes (FINALIZING when it gets an invoice), its seats are sold and its tickets issued, in one append. */
  | { readonly kind: 'complete'; readonly events: ReservationConfirmed[]; readonly settlement: Settlement; readonly tickets: 'ACQUIRED' }
  /** The order's state follows the attempt (confirming, or pending again), its hold extended as said. */
  | { readonly kind: 'follow'; readonly events: (PaymentAwaitingConfirmation | PaymentAttemptEnded)[]; readonly settlement: Settlement | null }
  /** Money the order does not take (paid already, gone, or not its total now: `reason`): it goes back to the buyer. */
  | { readonly kind: 'refund'; readonly reason: RefundReason };

/** States in which money taken still buys the order: it waits for a payment, and its seats are held. */
const PAYABLE: readonly ReservationState['status'][] = ['PENDING', 'EXTERNAL_PROCESSING_PAYMENT', 'WAITING_EXTERNAL_CONFIRMATION', 'OFFLINE_PAYMENT'];

/**
 * What the order does when an attempt's status changes. Money taken completes an order that can still be
 * bought, exactly once: the same attempt again changes nothing, and another attempt's money for an order paid
 * already, expired or cancelled is refunded (two tabs, a late redirect). A failure or an abandon of the attempt in
 * flight makes the order pending again; `retryUntil` is how long the buyer then has (at least ten minutes after
 * a failure); an abandon once the deadline has passed (`now`) keeps the passed deadline so the sweeper expires it. An order
 * paid now that gets an invoice (`invoicing`, the event's settings now) is FINALIZING until its number is assigned.
 * Money completes the order only when it is the order's total now, in its currency; other money is refunded and the
 * order stays as it is.
 */
export function decidePaymentFollowUp(state: ReservationState, attempt: AttemptOutcome, retryUntil: Date, now?: Date, invoicing: InvoicingRule | null = null): PaymentFollowUp {
  if (state.status === 'NONE') return { kind: 'none' };
  if (attempt.status === 'SUCCEEDED') {
    // the money that paid the order stays the order's, whatever became of it since (a cancellation has its own refund)
    if (isPaidWith(state, attempt.attemptId)) return { kind: 'none' };
    if (!PAYABLE.includes(state.status)) return { kind: 'refund', reason: state.status === 'CANCELLED' || state.status === 'EXPIRED' ? 'ORDER_ENDED' : 'DUPLICATE' };
    // the price of a pending order changes with a pass applied or removed after an attempt started: money of
    // another total never pays the order (it would be sold for less, or the buyer charged more)
    if (!paysTotal(state, attempt)) return { kind: 'refund', reason: 'OTHER_TOTAL' };
    const withInvoice = invoiceDue(state, invoicing);
    const event: ReservationConfirmed = {
      type: 'ReservationConfirmed',
      data: {
        reservationId: state.opened.reservationId,
        eventShortName: state.eventShortName,
        paymentProxy: attempt.proxy,
        paymentMethod: attempt.method,
        status: withInvoice ? 'FINALIZING' : 'COMPLETE',
        paymentDeadline: null,
        privacyPolicyAccepted: true,
        paymentAttemptId: attempt.attemptId,
        ...(withInvoice ? { invoiceDue: true } : {}),
      },
    };
    return { kind: 'complete', events: [event], settlement: { kind: 'sell' }, tickets: 'ACQUIRED' };
  }
  if (state.inFlight?.attemptId !== attempt.attemptId) return { kind: 'none' };
  const { reservationId } = state.opened;
  if (attempt.status === 'PROCESSING') {
    return state.status === 'EXTERNAL_PROCESSING_PAYMENT'
      ? { kind: 'follow', events: [{ type: 'PaymentAwaitingConfirmation', data: { reservationId, attemptId: attempt.attemptId } }], settlement: null }
      : { kind: 'none' };
  }
  if (attempt.status === 'FAILED' || attempt.status === 'ABANDONED' || attempt.status === 'MISMATCHED') {
    // an attempt given up because the order's time ran out gives no more time: the deadline stays passed, so the
    // sweep that gave it up expires the order and its seats return
    const timedOut = attempt.status === 'ABANDONED' && now !== undefined && Date.parse(state.validUntil) <= now.getTime();
    const validUntil = timedOut ? state.validUntil : new Date(Math.max(retryUntil.getTime(), Date.parse(state.opened.validUntil))).toISOString();
    const ended: PaymentAttemptEnded = {
      type: 'PaymentAttemptEnded',
      data: {
        reservationId,
        eventShortName: state.eventShortName,
        attemptId: attempt.attemptId,
        outcome: attempt.status,
        code: attempt.failure?.code ?? null,
        message: attempt.failure?.message ?? null,
        validUntil,
      },
    };
    // the hold already lasts the payment window; it is extended only when the buyer gets longer than that
    const heldLongEnough = Date.parse(validUntil) <= Date.parse(state.validUntil);
    return { kind: 'follow', events: [ended], settlement: heldLongEnough ? null : { kind: 'extend', expiresAt: validUntil } };
  }
  return { kind: 'none' };
}

/** The order was paid with this attempt's money (completed with it, whatever its status now). */
export const isPaidWith = (state: ReservationState, attemptId: string): boolean => state.status !== 'NONE' && state.payment?.attemptId === attemptId;

const paysTotal = (state: OpenedReservation, attempt: AttemptOutcome) =>
  attempt.amount === state.price.totals.priceWithVat && attempt.currency.toUpperCase() === state.price.currency.toUpperCase();
