import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { handleCommand, WrongExpectedRevisionError, type EventStore } from '@ticketing/event-store';
import { NotFoundError, RuleViolations } from '@ticketing/kernel';
import { OnlinePayments, type OnlineMethod, type OnlineProxy, type PaymentAttemptView, type RefundReason } from '@ticketing/payments/contracts';
import {
  contentLanguageOf,
  purchaseContextTypeOf,
  decidePaymentFollowUp,
  isPaidWith,
  decideStartPayment,
  MIN_TIME_AFTER_FAILED_PAYMENT_MS,
  type OpenedReservation,
} from '@ticketing/sales/domain';
import { activePaymentMethods } from '../get-reservation/payment-methods.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { PassIssuance } from '../purchase-context/pass-issuance.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { recordSettlement } from '../reservation/record-settlement.js';
import { ReservationFinalizer } from '../finalize-reservation/reservation-finalizer.js';
import { appendAlone, ReservationLog, reservationAppend, reservationToLog, type LoadedReservation } from '../reservation/reservation-stream.js';
import { provenance } from '../shared/event-data.js';
import { failureReason, PAYMENT_PROCESSING_ERROR } from './payment-reason.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/** What the buyer's browser does next. */
export type PaymentStep =
  /** Stripe SCA: confirm the card with this secret (in the browser). */
  | { readonly kind: 'confirm-card'; readonly clientSecret: string; readonly attemptId: string }
  /** A redirect method: the provider's page. */
  | { readonly kind: 'redirect'; readonly url: string; readonly attemptId: string }
  /** The order is paid (a card token charged at once, or the money arrived meanwhile). */
  | { readonly kind: 'completed' }
  /** The provider confirms; the order waits on the processing page. */
  | { readonly kind: 'processing' };

/** An attempt and whether its provider was asked about it just now and answered (false: as recorded). */
export interface CheckedAttempt {
  readonly attempt: PaymentAttemptView;
  readonly answered: boolean;
}

export interface PayRequest {
  readonly reservationId: string;
  readonly proxy: OnlineProxy;
  readonly method: OnlineMethod;
  readonly gatewayToken: string | null;
  /**
   * `init`: the browser asks for a card payment to confirm (Stripe SCA); `confirm`: the overview's confirm, which
   * starts redirect payments and token charges but never a card payment the browser would not confirm.
   */
  readonly origin: 'init' | 'confirm';
  readonly actor: string;
  /** The overview's `lang` (confirm only): the order goes on in it when the event speaks it. */
  readonly language?: string;
}

/**
 * How long a call waits for an attempt another call is starting (recorded in the order, not yet answered by the
 * provider) before it takes it for one whose process died in between.
 */
const STARTING_WAIT_MS = 5_000;
const STARTING_POLL_MS = 50;

const processingError = (reason: string) => new RuleViolations([{ code: PAYMENT_PROCESSING_ERROR, field: 'paymentForm', args: [reason] }]);

/**
 * Paying an order through a card or redirect provider, and the order following its attempts. The order records
 * the attempt (PaymentStarted, its seats held for the payment window) before the provider is asked, so money
 * can only arrive for an order that waits for it; each change of the attempt is then followed exactly once
 * (the reservation's expected revision decides between a webhook, a poll and a force-check that race).
 */
/** What following an attempt did to its order: nothing, kept the money that paid it, completed it, or refunds the money. */
type FollowUpOutcome = 'none' | 'kept' | 'completed' | { readonly kind: 'refund'; readonly reason: RefundReason };

@Injectable()
export class OnlineCheckout {
  private readonly logger = new Logger('OnlineCheckout');

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly offers: PurchaseOffers,
    private readonly passes: PassIssuance,
    private readonly payments: OnlinePayments,
    private readonly desk: InventoryDesk,
    private readonly finalizer: ReservationFinalizer,
    private readonly reservations: ReservationLog,
  ) {}

  /** `activePaymentMethods`: the ways to pay without a provider, then the organizer's provider accounts. */
  methods(offer: PurchaseOffer, now: Date) {
    return { ...this.payments.methodsFor(offer.organizer, offer.event.allowedPaymentProxies), ...activePaymentMethods(offer, now) };
  }

  /**
   * Starts (or resumes) paying: an attempt of the same method still open is resumed (a double click, a reload),
   * one of another method is abandoned first; an attempt that was paid meanwhile completes the order instead.
   */
  async pay(request: PayRequest): Promise<PaymentStep> {
    for (let round = 0; round < 3; round++) {
      const loaded = await this.reservations.load(request.reservationId);
      const { state } = loaded;
      if (state.status === 'NONE') throw new NotFoundError('reservation', request.reservationId);
      if (state.status === 'COMPLETE' || state.status === 'FINALIZING') return { kind: 'completed' };
      if (state.inFlight) {
        const cardConfirmed = request.origin === 'confirm' && request.gatewayToken === null && state.inFlight.proxy === 'STRIPE';
        // another call (a double click) may be starting it right now: wait for the provider's answer, then resume it
        await this.untilStarted(state.inFlight.attemptId);
        // the overview confirmed after the browser confirmed the card: the provider says how it went
        const attempt = await this.attemptOrAbandoned(state, request.actor, cardConfirmed);
        const resumable = attempt.status === 'INITIATED' || attempt.status === 'REQUESTED';
        if (cardConfirmed && (resumable || attempt.status === 'PROCESSING')) return { kind: 'processing' };
        if (resumable && attempt.method === request.method && request.gatewayToken === null) {
          const step = await this.resume(attempt);
          if (step) return step;
        }
        if (attempt.status === 'PROCESSING') return { kind: 'processing' };
        const settled = resumable ? await this.payments.abandon(attempt.attemptId, 'NEW_ATTEMPT', request.actor) : attempt;
        await this.follow(settled, request.actor);
        continue; // decide again on what the follow-up wrote
      }
      if (request.origin === 'confirm' && request.proxy === 'STRIPE' && request.gatewayToken === null) {
        // a card is confirmed in the browser first (init, then the card form): nothing was paid, say why
        throw processingError(failureReason(state.lastPaymentFailure));
      }
      const step = await this.start(state, loaded, request);
      if (step) return step;
      // another call wrote meanwhile (a double click started its attempt): decide again on what it wrote
    }
    throw processingError('error.STEP2_UNABLE_TO_TRANSITION');
  }

  /**
   * The order follows one attempt's status; safe to call again with the same attempt. Money taken ends kept (the
   * order paid with it) or refunded (the order did not take it); the follow-up sweep calls this again for money
   * left between the two (a process stopped, a follow-up or a refund that failed).
   */
  async follow(attempt: PaymentAttemptView, actor: string): Promise<void> {
    const now = this.options.clock.now();
    const retryUntil = new Date(now.getTime() + MIN_TIME_AFTER_FAILED_PAYMENT_MS);
    // whether the order gets an invoice once paid: the event's settings now (only money reads them)
    const invoicing = attempt.status === 'SUCCEEDED' ? await this.invoicingOf(attempt.reservationId, now) : null;
    let finalizing = false;
    const outcome = await handleCommand<LoadedReservation, FollowUpOutcome>({
      load: () => this.reservations.load(attempt.reservationId),
      decide: async ({ state, revision, unrecorded }) => {
        if (state.status === 'NONE') return { result: 'none' };
        const followUp = decidePaymentFollowUp(state, attempt, retryUntil, now, invoicing);
        // money that paid the order already (a follow-up again: a webhook repeated, the sweep after a restart)
        if (attempt.status === 'SUCCEEDED' && isPaidWith(state, attempt.attemptId)) return { result: 'kept' };
        if (followUp.kind === 'none') return { result: 'none' as const };
        if (followUp.kind === 'refund') return { result: followUp };
        const metadata = provenance(this.options.ids.uuid(), actor, now, attempt.attemptId);
        if (followUp.kind === 'complete') {
          finalizing = followUp.events.some((e) => e.data.status === 'FINALIZING');
          const pass = await this.passes.issueFor(state, followUp.tickets, now);
          return { result: 'completed' as const, append: () => recordSettlement(this.desk, { state, revision, unrecorded, events: followUp.events, settlement: followUp.settlement, tickets: followUp.tickets, pass }, metadata) };
        }
        const { events, settlement } = followUp;
        if (settlement) return { result: 'none' as const, append: () => recordSettlement(this.desk, { state, revision, unrecorded, events, settlement, tickets: null }, metadata) };
        return { result: 'none' as const, append: () => appendAlone(this.store, reservationAppend(attempt.reservationId, { revision, unrecorded }, events.map((e) => reservationToLog(e, metadata)))) };
      },
      written: (position) => this.options.waitForProjections(position),
      attempts: 5,
    }).catch((error: unknown) => {
      // the hold went meanwhile (the order expired under a late payment): the money is not needed
      if (error instanceof RuleViolations && attempt.status === 'SUCCEEDED') return { kind: 'refund', reason: 'ORDER_ENDED' } satisfies FollowUpOutcome;
      throw error;
    });
    if (typeof outcome === 'object') await this.payments.refundUnneeded(attempt.attemptId, outcome.reason, actor);
    if (outcome === 'completed') await this.finalizer.afterPayment(attempt.reservationId, actor, finalizing);
    // recorded last: until then the money is the follow-up sweep's to settle, which follows it again
    if (outcome === 'completed' || outcome === 'kept') await this.payments.keep(attempt.attemptId, actor);
  }

  private async invoicingOf(reservationId: string, now: Date) {
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE') return null;
    return (await this.offers.forReservation(state, now))?.invoicing ?? null;
  }

  /** Asks the provider about the order's payment in flight and follows what it says. Null when none is in flight. */
  async reconcile(reservationId: string, actor: string): Promise<PaymentAttemptView | null> {
    return (await this.check(reservationId, actor))?.attempt ?? null;
  }

  /** `reconcile`, saying whether the provider answered (false: it could not be reached, the attempt is as recorded). */
  async check(reservationId: string, actor: string): Promise<CheckedAttempt | null> {
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE' || !state.inFlight) return null;
    const checked = await this.checkedAttempt(state, actor, true);
    await this.follow(checked.attempt, actor);
    return checked;
  }

  /**
   * The buyer chose a way to pay without a provider while an attempt is in flight: its provider says how it went.
   * One that took no money (a card started at init and never confirmed, or declined) is given up and the order is
   * pending again, so the way chosen may be confirmed (null); one the provider is confirming keeps the order waiting
   * (`processing`); one that paid completes the order (null: the order says so itself).
   */
  async releaseUnpaid(reservationId: string, actor: string): Promise<PaymentStep | null> {
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE' || !state.inFlight) return null;
    // another call (a double click on init) may be starting it: let go of it only once the provider has it
    await this.untilStarted(state.inFlight.attemptId);
    const attempt = await this.attemptOrAbandoned(state, actor, true);
    if (attempt.status === 'PROCESSING') {
      await this.follow(attempt, actor);
      return { kind: 'processing' };
    }
    const open = attempt.status === 'INITIATED' || attempt.status === 'REQUESTED';
    await this.follow(open ? await this.payments.abandon(attempt.attemptId, 'NEW_ATTEMPT', actor) : attempt, actor);
    return null;
  }

  /** The buyer stops paying (DELETE payment, or the held token cleared): the order is pending again. */
  async abandon(reservationId: string, actor: string, attemptId?: string): Promise<boolean> {
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE' || !state.inFlight) return false;
    if (attemptId !== undefined && state.inFlight.attemptId !== attemptId) return false; // a stale page of an earlier attempt
    const attempt = await this.payments.abandon(state.inFlight.attemptId, 'BUYER', actor).catch(async (error: unknown) => {
      if (error instanceof NotFoundError) return this.abandonedWithoutAttempt(state);
      throw error;
    });
    await this.follow(attempt, actor);
    return attempt.status === 'ABANDONED';
  }

  /**
   * Starts an attempt decided on `state`, recorded at the revision that state was `loaded` at; null when the order
   * changed meanwhile (nothing started: the caller decides again on what the other writer wrote).
   */
  private async start(state: OpenedReservation, loaded: LoadedReservation, request: PayRequest): Promise<PaymentStep | null> {
    const now = this.options.clock.now();
    const offer = await this.offers.forReservation(state, now);
    if (!offer) throw new NotFoundError('event', state.eventShortName);
    const attemptId = this.options.ids.uuid();
    const language = request.language === undefined ? null : contentLanguageOf(request.language, offer.event.contentLanguages);
    const { events, settlement, languageChanged } = decideStartPayment(state, { reservationId: request.reservationId, attemptId, proxy: request.proxy, method: request.method, now, offered: this.methods(offer, now), language });
    const metadata = provenance(this.options.ids.uuid(), request.actor, now, request.reservationId);
    try {
      await recordSettlement(this.desk, { state, revision: loaded.revision, unrecorded: loaded.unrecorded, events: languageChanged ? [languageChanged, ...events] : events, settlement, tickets: null }, metadata);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
    const contact = state.booking?.contact;
    const started = this.payments.start({
      attemptId,
      reservationId: request.reservationId,
      purchaseContextType: purchaseContextTypeOf(state.opened),
      purchaseContextId: state.opened.purchaseContext?.descriptorId ?? state.eventShortName,
      organizer: offer.organizer?.slug ?? '',
      proxy: request.proxy,
      method: request.method,
      amount: state.price.totals.priceWithVat,
      currency: state.price.currency,
      description: `${request.reservationId.slice(0, 8).toUpperCase()} ${offer.event.displayName ?? state.eventShortName}`,
      buyer: { email: contact?.email ?? '', name: contact ? `${contact.firstName} ${contact.lastName}` : '', language: languageChanged?.data.language ?? state.language },
      gatewayToken: request.gatewayToken,
      actor: request.actor,
      correlationId: request.reservationId,
    });
    const { attempt, clientSecret } = await started.catch(async (error: unknown) => {
      // the attempt could not even be recorded: the order must not wait for it
      await this.follow(this.abandonedWithoutAttempt({ ...state, inFlight: { attemptId, proxy: request.proxy, method: request.method } }), request.actor);
      throw error;
    });
    await this.follow(attempt, request.actor);
    if (attempt.status === 'SUCCEEDED') return { kind: 'completed' };
    if (attempt.status === 'PROCESSING') return { kind: 'processing' };
    if (attempt.status !== 'INITIATED' && attempt.status !== 'REQUESTED') throw processingError(failureReason(attempt.failure));
    if (attempt.redirectUrl) return { kind: 'redirect', url: attempt.redirectUrl, attemptId };
    if (clientSecret) return { kind: 'confirm-card', clientSecret, attemptId };
    return { kind: 'processing' };
  }

  /**
   * Waits (a bounded time) while the attempt is being started by another call: recorded in the order but not yet
   * at payments, or requested and not yet answered by the provider. Resuming or abandoning it earlier would open a
   * second provider payment beside the one that call is creating.
   */
  private async untilStarted(attemptId: string): Promise<void> {
    for (let waited = 0; waited < STARTING_WAIT_MS; waited += STARTING_POLL_MS) {
      const attempt = await this.payments.attempt(attemptId);
      if (attempt && !(attempt.status === 'REQUESTED' && attempt.providerReference === null)) return;
      await sleep(STARTING_POLL_MS);
    }
  }

  private async resume(attempt: PaymentAttemptView): Promise<PaymentStep | null> {
    if (attempt.redirectUrl) return { kind: 'redirect', url: attempt.redirectUrl, attemptId: attempt.attemptId };
    const clientSecret = await this.payments.clientSecret(attempt.attemptId).catch(() => null);
    return clientSecret ? { kind: 'confirm-card', clientSecret, attemptId: attempt.attemptId } : null;
  }

  /**
   * The attempt the order waits for, asked at the provider when `ask`. An order that recorded an attempt the
   * process never started (it died in between) waits for nothing: it is followed as abandoned.
   */
  private async attemptOrAbandoned(state: OpenedReservation, actor: string, ask = false): Promise<PaymentAttemptView> {
    return (await this.checkedAttempt(state, actor, ask)).attempt;
  }

  private async checkedAttempt(state: OpenedReservation, actor: string, ask: boolean): Promise<CheckedAttempt> {
    const attemptId = state.inFlight!.attemptId;
    const recorded = await this.payments.attempt(attemptId);
    if (!recorded) return { attempt: this.abandonedWithoutAttempt(state), answered: false };
    if (!ask || recorded.providerReference === null) return { attempt: recorded, answered: false };
    return this.payments.reconcile(attemptId, actor).then(
      (attempt) => ({ attempt, answered: true }),
      (error: unknown) => {
        this.logger.warn({ msg: 'payment provider not reachable, the order keeps waiting', attemptId, reason: String(error) });
        return { attempt: recorded, answered: false };
      },
    );
  }

  private abandonedWithoutAttempt(state: OpenedReservation): PaymentAttemptView {
    const inFlight = state.inFlight!;
    return { ...inFlight, reservationId: state.opened.reservationId, status: 'ABANDONED', amount: 0, currency: state.price.currency, providerReference: null, redirectUrl: null, failure: null };
  }
}
