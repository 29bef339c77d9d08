import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { CatalogOffers, type Organizer } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { NotFoundError, type EventMetadata } from '@ticketing/kernel';
import {
  OnlinePayments,
  PaymentAttemptSettled,
  type OnlinePaymentMethods,
  type OnlineProxy,
  type PaymentAttemptView,
  type RefundReason,
  type StartedPayment,
  type StartPayment,
} from '@ticketing/payments/contracts';
import {
  decideAbandon,
  decideDuplicateOutcome,
  decideInitiated,
  decideKeep,
  decideProviderReport,
  decideRequestPayment,
  evolvePaymentAttempt,
  paymentAttemptStreamId,
  refundable,
  type PaymentAttemptEvent,
  type PaymentAttemptState,
  type ProviderReport,
} from '@ticketing/payments/domain';
import type { Db } from '@ticketing/postgres';
import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { PaymentAccounts } from '../accounts/payment-accounts.js';
import { notifiedStatus, ProviderUnavailable, type IncomingNotification, type PaymentProviderAdapter } from '../providers/payment-provider.js';
import { PAYMENT_ATTEMPTS_TABLE } from '../read-models/payment-attempts.projection.js';
import { PAYMENTS_DB, PAYMENTS_EVENT_STORE, PAYMENTS_OPTIONS, type PaymentsOptions } from '../tokens.js';
import { attemptToLog, loadAttempt, viewOf } from './attempt-stream.js';

/** The organizer segment of the stand-ins' account-wide webhooks (test mode only). */
export const TEST_ACCOUNT = '_test';

/** Statuses the order follows; a change into one of them is published. */
const FOLLOWED = new Set(['PROCESSING', 'SUCCEEDED', 'FAILED', 'ABANDONED', 'MISMATCHED']);

/**
 * The attempts of every order: each call loads the attempt's stream, asks the provider when it must, decides on
 * what the provider said and appends with the expected revision (a concurrent webhook and poll of one attempt
 * decide again on each other's write, so the same change is never recorded twice). A change the order follows
 * is published as PaymentAttemptSettled after it is written.
 */
@Injectable()
export class PaymentAttempts extends OnlinePayments {
  private readonly logger = new Logger('Payments');
  private readonly attemptsTable = `${quoteIdent(LIVE_SCHEMA)}.${quoteIdent(PAYMENT_ATTEMPTS_TABLE)}`;

  constructor(
    @Inject(PAYMENTS_OPTIONS) private readonly options: PaymentsOptions,
    @Inject(PAYMENTS_EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENTS_DB) private readonly db: Db,
    private readonly accounts: PaymentAccounts,
    private readonly catalog: CatalogOffers,
    private readonly events: EventBus,
  ) {
    super();
  }

  methodsFor(organizer: Organizer | null, allowedProxies: readonly string[]): OnlinePaymentMethods {
    const methods: Record<string, { paymentProxy: OnlineProxy; parameters: Record<string, unknown> }> = {};
    for (const adapter of this.accounts.activeAdapters(organizer, allowedProxies)) {
      for (const method of adapter.methods) methods[method] ??= { paymentProxy: adapter.proxy, parameters: adapter.clientParameters(method) };
    }
    return methods;
  }

  async start(request: StartPayment): Promise<StartedPayment> {
    const adapter = await this.adapterOf(request.organizer, request.proxy);
    const { attemptId } = request;
    const idempotencyKey = `attempt-${attemptId}`;
    const metadata = this.metadata(request.actor, request.correlationId);
    const requested = decideRequestPayment({ status: 'NONE' }, {
      attemptId,
      reservationId: request.reservationId,
      purchaseContextType: request.purchaseContextType,
      purchaseContextId: request.purchaseContextId,
      organizer: request.organizer,
      proxy: request.proxy,
      method: request.method,
      amount: request.amount,
      currency: request.currency,
      idempotencyKey,
    });
    const written = await this.store.append(paymentAttemptStreamId(attemptId), requested.map((e) => attemptToLog(e, metadata)), 'no_stream');
    await this.options.waitForProjections(written.position);
    let created;
    try {
      created = await adapter.start({
        attemptId,
        idempotencyKey,
        reservationId: request.reservationId,
        method: request.method,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        buyer: request.buyer,
        returnUrl: `${this.options.publicBaseUrl}/api/payments/return/${attemptId}`,
        webhookUrl: `${this.options.publicBaseUrl}/api/payments/${request.proxy.toLowerCase()}/webhook/${encodeURIComponent(request.organizer)}?attempt=${attemptId}`,
        gatewayToken: request.gatewayToken,
      });
    } catch (error) {
      // the provider may not have it, or may (an answer lost on the way): either way this attempt cannot go on
      // here; a late success of it still reaches us by webhook or recovery and is handled as money taken
      this.logger.warn({ msg: 'payment not started', attemptId, proxy: request.proxy, reason: String(error) });
      const failure: ProviderReport =
        error instanceof ProviderUnavailable
          ? { kind: 'failed', code: 'provider_unavailable', message: 'The payment provider could not be reached.' }
          : { kind: 'failed', code: 'provider_refused', message: error instanceof Error ? error.message : String(error) };
      const attempt = await this.record(attemptId, metadata, (state) => decideProviderReport(state, attemptId, failure, null));
      return { attempt, clientSecret: null };
    }
    const attempt = await this.record(attemptId, metadata, (state) => [
      ...decideInitiated(state, attemptId, created.providerReference, created.redirectUrl),
      ...decideAfter(state, (s) => decideInitiated(s, attemptId, created.providerReference, created.redirectUrl), (s) => decideProviderReport(s, attemptId, created.status, null)),
    ]);
    return { attempt, clientSecret: created.clientSecret };
  }

  async attempt(attemptId: string): Promise<PaymentAttemptView | null> {
    return viewOf((await loadAttempt(this.store, attemptId)).state);
  }

  async reconcile(attemptId: string, actor: string): Promise<PaymentAttemptView> {
    const { state } = await loadAttempt(this.store, attemptId);
    const view = viewOf(state);
    if (!view) throw new NotFoundError('payment', attemptId);
    if (view.providerReference === null || view.status === 'MISMATCHED') return view;
    const adapter = await this.adapterOf(state.status === 'NONE' ? '' : state.request.organizer, view.proxy);
    const report = await adapter.check(view.providerReference);
    return this.record(attemptId, this.metadata(actor), (s) => decideProviderReport(s, attemptId, report, null));
  }

  async clientSecret(attemptId: string): Promise<string | null> {
    const { state } = await loadAttempt(this.store, attemptId);
    if (state.status === 'NONE' || state.providerReference === null) return null;
    const adapter = await this.adapterOf(state.request.organizer, state.request.proxy);
    return adapter.clientSecret ? adapter.clientSecret(state.providerReference) : null;
  }

  async abandon(attemptId: string, reason: 'BUYER' | 'NEW_ATTEMPT' | 'EXPIRED', actor: string): Promise<PaymentAttemptView> {
    const { state } = await loadAttempt(this.store, attemptId);
    if (state.status === 'NONE') throw new NotFoundError('payment', attemptId);
    const metadata = this.metadata(actor);
    // why we gave it up is recorded first: the provider's own word of the cancel (its webhook, our read-back)
    // then changes nothing, and the log keeps BUYER, NEW_ATTEMPT or EXPIRED rather than PROVIDER_CANCELLED
    const abandoned = await this.record(attemptId, metadata, (s) => decideAbandon(s, attemptId, reason, false));
    if (abandoned.status !== 'ABANDONED' || state.providerReference === null) return abandoned;
    const adapter = await this.adapterOf(state.request.organizer, state.request.proxy);
    await adapter.cancel(state.providerReference).catch(() => false);
    // a payment the provider would not cancel may have been paid meanwhile: money taken is still recorded
    const report = await adapter.check(state.providerReference).catch((): ProviderReport => ({ kind: 'pending' }));
    return this.record(attemptId, this.metadata(actor), (s) => decideProviderReport(s, attemptId, report, null));
  }

  async refundUnneeded(attemptId: string, reason: RefundReason, actor: string): Promise<void> {
    const { state, revision } = await loadAttempt(this.store, attemptId);
    if (!refundable(state) || state.providerReference === null) return;
    const { providerReference } = state;
    // one key per state of the attempt: a refund whose answer was lost is answered again (never made twice), and a
    // try after a recorded refusal gets its own (a provider keeps a key's first answer for a day: Stripe would only
    // replay the refusal); a refund made twice is refused anyway, as no provider refunds more than was paid
    const key = `refund-${attemptId}-${String(revision)}`;
    const { amount, currency } = state.request;
    // an organizer's provider account gone is a refusal too: recorded, so the next try waits its turn
    const outcome = await this.adapterOf(state.request.organizer, state.request.proxy)
      .then((adapter) => adapter.refund(providerReference, { amount, currency }, key))
      .then(
        (r) => ({ refundReference: r.refundReference }),
        (error: unknown) => ({ refusal: String(error) }),
      );
    if ('refusal' in outcome) this.logger.error({ msg: 'money not needed and not refunded: flagged for the organizer', attemptId, refundReason: reason, refusal: outcome.refusal });
    await this.record(attemptId, this.metadata(actor), (s) => decideDuplicateOutcome(s, attemptId, outcome, reason));
  }

  async keep(attemptId: string, actor: string): Promise<void> {
    await this.record(attemptId, this.metadata(actor), (s) => decideKeep(s, attemptId));
  }

  async unsettledMoney(now: Date, limit: number): Promise<PaymentAttemptView[]> {
    const { rows } = await this.db.query<{ attempt_id: string }>(
      `select attempt_id from ${this.attemptsTable}
        where status = 'SUCCEEDED' and not kept and not refunded
          and updated_at <= $1::timestamptz - interval '1 minute' * power(2, least(refund_refusals, 10))
        order by updated_at limit $2`,
      [now.toISOString(), limit],
    );
    const attempts = await Promise.all(rows.map((r) => loadAttempt(this.store, r.attempt_id)));
    return attempts.flatMap(({ state }) => (refundable(state) ? [viewOf(state)!] : []));
  }

  /**
   * A provider's webhook: verified by its adapter (a forged one throws WebhookRejected), matched to its attempt by
   * the provider's reference, recorded once. Null when it concerns nothing we follow.
   */
  async notify(proxy: OnlineProxy, organizerSlug: string, incoming: IncomingNotification): Promise<PaymentAttemptView | null> {
    const adapter = organizerSlug === TEST_ACCOUNT ? this.accounts.testAccount(proxy) : await this.adapterOf(organizerSlug, proxy);
    if (!adapter) throw new NotFoundError('payment provider', `${organizerSlug}/${proxy}`);
    // providers that name nothing in their call (Saferpay) are told which attempt by our URL: its token is added
    const attemptOfUrl = incoming.query['attempt'];
    const named = attemptOfUrl && /^[0-9a-f-]{36}$/.test(attemptOfUrl) ? (await loadAttempt(this.store, attemptOfUrl)).state : null;
    const token = named && named.status !== 'NONE' ? named.providerReference : null;
    const notification = await adapter.verifyNotification(token ? { ...incoming, query: { ...incoming.query, token } } : incoming);
    if (!notification) return null;
    const attemptId = await this.attemptIdOf(proxy, notification.providerReference);
    if (!attemptId) {
      // another installation sharing the account names attempts we never made: ignored (200), not retried for days
      if (notification.attemptId !== undefined && !(await this.isAttempt(notification.attemptId))) {
        this.logger.log({ msg: 'payment webhook for a payment not made here, ignored', proxy, reference: notification.providerReference });
        return null;
      }
      // ours, its PaymentInitiated not recorded (or not projected) yet: the provider sends it again
      throw new UnknownPaymentReference(proxy, notification.providerReference);
    }
    const status = await notifiedStatus(notification);
    return this.record(attemptId, this.metadata(`system:${proxy.toLowerCase()}-webhook`), (s) => decideProviderReport(s, attemptId, status, notification.eventId));
  }

  /** Whether an attempt of this id was ever requested here (its PaymentRequested is written before the provider is called). */
  private async isAttempt(attemptId: string): Promise<boolean> {
    return (await loadAttempt(this.store, attemptId)).state.status !== 'NONE';
  }

  private async attemptIdOf(proxy: OnlineProxy, providerReference: string): Promise<string | null> {
    const { rows } = await this.db.query<{ attempt_id: string }>(`select attempt_id from ${this.attemptsTable} where proxy = $1 and provider_reference = $2`, [proxy, providerReference]);
    return rows[0]?.attempt_id ?? null;
  }

  private async adapterOf(organizerSlug: string, proxy: OnlineProxy): Promise<PaymentProviderAdapter> {
    const organizer = await this.catalog.organizer(organizerSlug);
    const adapter = organizer && this.accounts.adapter(organizer, proxy);
    if (!adapter) throw new NotFoundError('payment provider', `${organizerSlug}/${proxy}`);
    return adapter;
  }

  /** Decide on the attempt's stream and append; publishes a status the order follows. Answers the attempt after it. */
  private async record(attemptId: string, metadata: EventMetadata, decide: (state: PaymentAttemptState) => PaymentAttemptEvent[]): Promise<PaymentAttemptView> {
    const streamId = paymentAttemptStreamId(attemptId);
    const { view, changed } = await handleCommand({
      load: () => loadAttempt(this.store, attemptId),
      decide: ({ state, revision }) => {
        const events = decide(state);
        const after = events.reduce(evolvePaymentAttempt, state);
        const view = viewOf(after)!;
        const changed = after.status !== state.status && FOLLOWED.has(after.status);
        if (events.length === 0) return { result: { view, changed: false } };
        return { result: { view, changed }, append: () => this.store.append(streamId, events.map((e) => attemptToLog(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
      attempts: 5,
    });
    if (changed) this.events.publish(new PaymentAttemptSettled(view, metadata.actor));
    return view;
  }

  private metadata(actor: string, correlationId?: string): EventMetadata {
    const id = this.options.ids.uuid();
    return { correlationId: correlationId ?? id, causationId: id, occurredAt: this.options.clock.now().toISOString(), actor };
  }
}

/** The events of `second` decided on the state after `first`'s: two decisions recorded in one append. */
function decideAfter(
  state: PaymentAttemptState,
  first: (s: PaymentAttemptState) => PaymentAttemptEvent[],
  second: (s: PaymentAttemptState) => PaymentAttemptEvent[],
): PaymentAttemptEvent[] {
  return second(first(state).reduce(evolvePaymentAttempt, state));
}

/** A verified notification of a payment we have no attempt for (yet): the provider will send it again. */
export class UnknownPaymentReference extends Error {
  constructor(readonly proxy: OnlineProxy, readonly providerReference: string) {
    super(`no attempt for ${proxy} payment ${providerReference}`);
    this.name = 'UnknownPaymentReference';
  }
}
