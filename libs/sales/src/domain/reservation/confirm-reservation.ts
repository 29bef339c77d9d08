import { NotFoundError, RuleViolations, type RuleViolation } from '@ticketing/kernel';
import type { Settlement } from '../inventory/hold-seats.js';
import { invoiceDue, type InvoicingRule } from '../invoice/invoice-due.js';
import type { OnlineProxy } from '@ticketing/payments/contracts';
import type { ConfirmedPaymentProxy, OfflinePaymentConfirmed, ReservationConfirmed, ReservationLanguageChanged } from './reservation.events.js';
import type { OpenedReservation, ReservationState } from './reservation.js';
import { decideLanguageChange } from './record-booking.js';

/** What the buyer sent with the overview (`PaymentForm`), and what the server knows around it. */
export interface ConfirmReservation {
  readonly reservationId: string;
  readonly now: Date;
  /** As sent; null lets the server choose (NONE for a free order, the only method when there is one). */
  readonly paymentProxy: string | null;
  readonly termsAccepted: boolean;
  readonly privacyAccepted: boolean;
  /** An event with a privacy policy needs its acceptance too. */
  readonly privacyPolicyRequired: boolean;
  /** The ways to pay this event offers that this server can take, in display order. */
  readonly availableProxies: readonly ConfirmedPaymentProxy[];
  /**
   * Bank transfer deadline for an order confirmed now (the event's begin when transfers are deferred); null
   * when there is no time left for a transfer.
   */
  readonly offlineDeadline: string | null;
  /** The event defers bank transfers (catalog `offlinePayment.deferred`): the organizer trusts the buyer to pay later. */
  readonly deferredTransfer: boolean;
  /** null: no captcha asked for this kind of order; else whether the buyer's answer passed. */
  readonly captchaPassed: boolean | null;
  /** The event's invoicing now (null: no invoices), for whether the order gets an invoice number once paid. */
  readonly invoicing: InvoicingRule | null;
  /** The event's language the buyer confirms in (the call's `lang`, when the event speaks it), else null. */
  readonly language: string | null;
}

export interface Confirmation {
  readonly events: ReservationConfirmed[];
  /** Appended before the confirmation when the buyer switched language on the overview: the order speaks it from now on. */
  readonly languageChanged?: ReservationLanguageChanged;
  /** What the inventory does with the hold, null when nothing changes (already confirmed). */
  readonly settlement: Settlement | null;
  /** Tickets issued now, with this status; null while a transfer is awaited. */
  readonly tickets: 'ACQUIRED' | 'TO_BE_PAID' | null;
  /** Set when the order is to be paid through this provider (nothing confirmed yet): an attempt follows. */
  readonly payOnline?: OnlineProxy;
  /**
   * Set when a provider's attempt is in flight while the buyer chose a way to pay without one (nothing confirmed
   * yet): the caller asks the attempt how it went, lets go of it when it took no money, and decides again.
   */
  readonly releaseInFlight?: true;
}

export interface OfflinePaymentConfirmation {
  readonly events: OfflinePaymentConfirmed[];
  /** Tickets issued now; null when nothing changes or a deferred order already has them. */
  readonly tickets: 'ACQUIRED' | null;
}

export const confirmErrors = {
  expired: 'error.STEP_2_ORDER_HAS_EXPIRED',
  missingPaymentMethod: 'error.STEP_2_MISSING_PAYMENT_METHOD',
  terms: 'error.STEP_2_TERMS_CONDITIONS',
  captcha: 'error.STEP_2_CAPTCHA_VALIDATION_FAILED',
  notValidated: 'error.STEP_2_MISSING_ATTENDEE_DATA',
  notAwaitingTransfer: 'error.STEP2_UNABLE_TO_TRANSITION',
} as const;

/** Global errors carry the binder object's name (reference 1.2). */
const FORM = 'paymentForm';
const refuse = (code: string): never => {
  throw new RuleViolations([{ code, field: FORM, args: [] } satisfies RuleViolation]);
};

const requiresPayment = (state: OpenedReservation) => state.price.requiresPayment;

/** The payment method id of the wire each proxy answers as (reference 5.1, default method per proxy). */
export const paymentMethodOf: Readonly<Record<ConfirmedPaymentProxy, string>> = {
  NONE: 'NONE',
  OFFLINE: 'BANK_TRANSFER',
  ON_SITE: 'ON_SITE',
  STRIPE: 'CREDIT_CARD',
  PAYPAL: 'PAYPAL',
  MOLLIE: 'IDEAL',
  SAFERPAY: 'CREDIT_CARD',
};

const ONLINE: readonly ConfirmedPaymentProxy[] = ['STRIPE', 'PAYPAL', 'MOLLIE', 'SAFERPAY'];
export const isOnline = (proxy: ConfirmedPaymentProxy): proxy is OnlineProxy => ONLINE.includes(proxy);

function chooseProxy(state: OpenedReservation, command: ConfirmReservation): ConfirmedPaymentProxy {
  if (!requiresPayment(state)) return 'NONE'; // a free order is confirmed without payment, whatever was sent
  const asked = command.paymentProxy;
  if (asked === null) return command.availableProxies.length === 1 ? command.availableProxies[0]! : refuse(confirmErrors.missingPaymentMethod);
  return command.availableProxies.find((proxy) => proxy === asked) ?? refuse(confirmErrors.missingPaymentMethod);
}

const CONFIRMED: readonly ReservationState['status'][] = ['COMPLETE', 'FINALIZING', 'OFFLINE_PAYMENT', 'DEFERRED_OFFLINE_PAYMENT'];

/** The buyer chose a card or redirect provider: the order is paid through an attempt, not confirmed here. */
const payOnline = (proxy: OnlineProxy): Confirmation => ({ events: [], settlement: null, tickets: null, payOnline: proxy });
const releaseInFlight: Confirmation = { events: [], settlement: null, tickets: null, releaseInFlight: true };

/**
 * What becomes of the order, its hold and its tickets for the way to pay chosen. An on-site order that gets an
 * invoice is FINALIZING until its number is assigned (a free one never gets one: nothing to invoice).
 */
function outcomeOf(
  proxy: 'NONE' | 'OFFLINE' | 'ON_SITE',
  command: ConfirmReservation,
  withInvoice: boolean,
): Pick<ReservationConfirmed['data'], 'status' | 'paymentDeadline'> & Omit<Confirmation, 'events'> {
  if (proxy === 'OFFLINE' && command.deferredTransfer) {
    // Deferred mode: the organizer trusts the buyer, so the order is accepted as if paid (seats sold, tickets
    // ACQUIRED and sent) and only the money is still due, by the event's begin. Chosen on purpose: reference 5.2
    // lists DEFERRED beside OFFLINE, whose tickets stay pending, but tickets issued only on the organizer's
    // word would leave a buyer who pays at the last minute without a ticket at the gate.
    return { status: 'DEFERRED_OFFLINE_PAYMENT', paymentDeadline: command.offlineDeadline, settlement: { kind: 'sell' }, tickets: 'ACQUIRED' };
  }
  if (proxy === 'OFFLINE') {
    return { status: 'OFFLINE_PAYMENT', paymentDeadline: command.offlineDeadline, settlement: { kind: 'extend', expiresAt: command.offlineDeadline! }, tickets: null };
  }
  const status = proxy !== 'NONE' && withInvoice ? 'FINALIZING' : 'COMPLETE';
  return { status, paymentDeadline: null, settlement: { kind: 'sell' }, tickets: proxy === 'ON_SITE' ? 'TO_BE_PAID' : 'ACQUIRED' };
}

/**
 * `POST /reservation/{id}`: the overview confirmed, in the reference's order of checks (expired, payment
 * method, terms, captcha). A free order and an on-site one complete at once; a bank transfer waits until its
 * deadline, or is accepted at once where the event defers transfers. Confirming again an order already
 * confirmed changes nothing and succeeds.
 */
export function decideConfirmReservation(state: ReservationState, command: ConfirmReservation): Confirmation {
  if (state.status === 'NONE' || state.status === 'CANCELLED') throw new NotFoundError('reservation', command.reservationId);
  // the buyer on the overview when the sweeper let the seats go: told it expired, as alf.io does until its cleanup
  if (state.status === 'EXPIRED') refuse(confirmErrors.expired);
  if (CONFIRMED.includes(state.status)) {
    // confirmed before: the same confirmation again (a double click, a reload) changes nothing, but a bank transfer
    // awaited is not replaced by another way to pay sent now: the payment only moves a PENDING order (reference 3.3
    // item 21), so it is refused as alf.io's pipeline refuses it, not answered as if it were paid that way
    const awaited = state.status === 'OFFLINE_PAYMENT' || state.status === 'DEFERRED_OFFLINE_PAYMENT' ? state.payment?.proxy : undefined;
    if (awaited && command.paymentProxy !== null && command.paymentProxy !== awaited) {
      throw new RuleViolations([{ code: 'error.STEP_2_PAYMENT_PROCESSING_ERROR', field: FORM, args: [confirmErrors.notAwaitingTransfer] }]);
    }
    return { events: [], settlement: null, tickets: null };
  }
  if (Date.parse(state.validUntil) <= command.now.getTime()) refuse(confirmErrors.expired);
  if (!state.validated) refuse(confirmErrors.notValidated);
  const proxy = chooseProxy(state, command);
  if (!command.termsAccepted || (command.privacyPolicyRequired && !command.privacyAccepted)) refuse(confirmErrors.terms);
  if (command.captchaPassed === false) refuse(confirmErrors.captcha);
  if (proxy === 'OFFLINE' && command.offlineDeadline === null) refuse(confirmErrors.missingPaymentMethod);
  // a provider may have the buyer's money in flight (the card confirmed in the browser, another tab's redirect): the
  // caller asks that attempt how it went first, then pays with the provider chosen now if it is another one; a way
  // to pay without a provider is confirmed once an attempt that took no money is let go (a card started at init and
  // never confirmed, or declined), while one the provider is confirming or that paid keeps the order
  if (state.inFlight) return isOnline(proxy) ? payOnline(proxy) : releaseInFlight;
  if (isOnline(proxy)) return payOnline(proxy);
  const withInvoice = invoiceDue(state, command.invoicing);
  const { status, paymentDeadline, settlement, tickets } = outcomeOf(proxy, command, withInvoice);
  const event: ReservationConfirmed = {
    type: 'ReservationConfirmed',
    data: {
      reservationId: command.reservationId,
      eventShortName: state.eventShortName,
      paymentProxy: proxy,
      paymentMethod: paymentMethodOf[proxy],
      status,
      paymentDeadline,
      privacyPolicyAccepted: command.privacyAccepted,
      ...(withInvoice && proxy !== 'NONE' ? { invoiceDue: true } : {}),
    },
  };
  // the mails and documents of the order speak the language the buyer confirmed in, as at validate-to-overview
  const [languageChanged] = decideLanguageChange(state, command.reservationId, command.language);
  return { events: [event], settlement, tickets, ...(languageChanged ? { languageChanged } : {}) };
}

/**
 * The organizer confirms a bank transfer arrived: the order completes (FINALIZING when it gets an invoice
 * number) and its tickets are issued, unless the transfer was deferred (they were issued at the buyer's
 * confirmation). Again on a paid order: nothing changes. Any other state is refused (nothing awaits a transfer).
 */
export function decideConfirmOfflinePayment(state: ReservationState, reservationId: string): OfflinePaymentConfirmation {
  if (state.status === 'NONE') throw new NotFoundError('reservation', reservationId);
  if (state.status === 'COMPLETE' || state.status === 'FINALIZING') return { events: [], tickets: null };
  if (state.status !== 'OFFLINE_PAYMENT' && state.status !== 'DEFERRED_OFFLINE_PAYMENT') refuse(confirmErrors.notAwaitingTransfer);
  const finalizing = state.invoiceDue ? { status: 'FINALIZING' as const } : {};
  return {
    events: [{ type: 'OfflinePaymentConfirmed', data: { reservationId, eventShortName: state.eventShortName, ...finalizing } }],
    tickets: state.status === 'OFFLINE_PAYMENT' ? 'ACQUIRED' : null,
  };
}
