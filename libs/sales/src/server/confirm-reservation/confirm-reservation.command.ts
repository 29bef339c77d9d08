import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { PassIssuance } from '../purchase-context/pass-issuance.js';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { NotFoundError, RuleViolations } from '@ticketing/kernel';
import { confirmErrors, contentLanguageOf, decideConfirmReservation, paymentTerms, type OpenedReservation } from '@ticketing/sales/domain';
import { defaultMethodOf, isOnlineMethod, isOnlineProxy, type OnlineProxy } from '@ticketing/payments/contracts';
import { OnlineCheckout, type PaymentStep } from '../pay-online/online-checkout.js';
import { PAYMENT_PROCESSING_ERROR } from '../pay-online/payment-reason.js';
import { provenance } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { ReservationFinalizer } from '../finalize-reservation/reservation-finalizer.js';
import { recordSettlement } from '../reservation/record-settlement.js';
import { ReservationLog, type LoadedReservation } from '../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';

export interface ConfirmReservationInput {
  readonly reservationId: string;
  readonly paymentProxy: string | null;
  /** The payment method id chosen (CREDIT_CARD, IDEAL ...); null: the proxy's default. */
  readonly paymentMethod: string | null;
  /** A card token made in the browser (Stripe without SCA). */
  readonly gatewayToken: string | null;
  readonly termsAccepted: boolean;
  readonly privacyAccepted: boolean;
  readonly captcha: string | null;
  readonly remoteIp: string;
  readonly actor: string;
  /** The call's `lang`: the language the buyer is on when confirming. */
  readonly language: string;
}

/**
 * Resolves when the order is confirmed (or was already), or with what the browser does next when a provider is
 * to be paid (its redirect page, the card to confirm); rejects with RuleViolations (422) or NotFoundError.
 */
export class ConfirmReservationCommand extends Command<PaymentStep | null> {
  constructor(readonly input: ConfirmReservationInput) {
    super();
  }
}

@CommandHandler(ConfirmReservationCommand)
export class ConfirmReservationHandler implements ICommandHandler<ConfirmReservationCommand, PaymentStep | null> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly offers: PurchaseOffers,
    private readonly passes: PassIssuance,
    private readonly desk: InventoryDesk,
    private readonly finalizer: ReservationFinalizer,
    private readonly online: OnlineCheckout,
    private readonly reservations: ReservationLog,
  ) {}

  async execute({ input }: ConfirmReservationCommand): Promise<PaymentStep | null> {
    const captcha: Captcha = {}; // answered once: a captcha token is good for one verification
    for (let round = 0; round < 3; round++) {
      const confirmed = await this.decide(input, captcha).catch((error: unknown) => this.afterLostHold(input.reservationId, error));
      if (confirmed === 'RELEASE_IN_FLIGHT') {
        // a way to pay without a provider chosen while a provider's attempt is in flight: one that took no money is
        // let go and the way chosen confirmed on what that wrote; one that is confirming or paid answers for itself
        const step = await this.online.releaseUnpaid(input.reservationId, input.actor);
        if (step) return step;
        continue;
      }
      if (confirmed !== false && isOnlineProxy(confirmed)) {
        const method = isOnlineMethod(input.paymentMethod) ? input.paymentMethod : defaultMethodOf[confirmed];
        return this.online.pay({ reservationId: input.reservationId, proxy: confirmed, method, gatewayToken: input.gatewayToken, origin: 'confirm', actor: input.actor, language: input.language });
      }
      if (!confirmed) return null;
      // an order paid now that gets an invoice takes its number before the answer, so it normally says COMPLETE
      await this.finalizer.afterPayment(input.reservationId, input.actor, confirmed === 'FINALIZING');
      return null;
    }
    throw new RuleViolations([{ code: PAYMENT_PROCESSING_ERROR, field: 'paymentForm', args: ['error.STEP2_UNABLE_TO_TRANSITION'] }]);
  }

  /**
   * A confirmation that lost its hold to a cancel or an expiry of the same moment (the inventory refused it, 422
   * STEP2_UNABLE_TO_TRANSITION) answers as a confirmation sent after them: 404 for an order cancelled, "expired"
   * for one expired; the buyer is not told to try again what can no longer succeed. Anything else as it was.
   */
  private async afterLostHold(reservationId: string, error: unknown): Promise<never> {
    if (!(error instanceof RuleViolations) || !error.violations.some((v) => v.code === PAYMENT_PROCESSING_ERROR)) throw error;
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE' || state.status === 'CANCELLED') throw new NotFoundError('reservation', reservationId);
    if (state.status === 'EXPIRED') throw new RuleViolations([{ code: confirmErrors.expired, field: 'paymentForm', args: [] }]);
    throw error;
  }

  /**
   * The provider to pay through, what the order became (false: it was confirmed before, nothing changed), or that an
   * attempt in flight is to be let go first. The sweeper or the buyer's other tab may move the reservation between
   * our read and our append: decided again then.
   */
  private decide(input: ConfirmReservationInput, captcha: Captcha) {
    return handleCommand<LoadedReservation, OnlineProxy | 'CONFIRMED' | 'FINALIZING' | 'RELEASE_IN_FLIGHT' | false>({
      load: () => this.reservations.load(input.reservationId),
      decide: async ({ state, revision, unrecorded }) => {
        const now = this.options.clock.now();
        if (state.status === 'NONE') throw new NotFoundError('reservation', input.reservationId);
        const offer = await this.offers.forReservation(state, now);
        if (!offer) throw new NotFoundError('event', state.eventShortName);
        const { event } = offer;
        captcha.passed ??= captchaAsked(state, event.captcha.captchaForOfflinePaymentAndFree, input.paymentProxy, this.options.recaptchaSiteKey)
          ? await this.options.verifyCaptcha(input.captcha, input.remoteIp)
          : null;
        const terms = paymentTerms(offer, now);
        const confirmation = decideConfirmReservation(state, {
          reservationId: input.reservationId,
          now,
          paymentProxy: input.paymentProxy,
          termsAccepted: input.termsAccepted,
          privacyAccepted: input.privacyAccepted,
          privacyPolicyRequired: (event.privacyPolicyUrl ?? '').trim() !== '',
          availableProxies: [...onlineProxiesOf(this.online.methods(offer, now)), ...terms.proxies],
          offlineDeadline: terms.offlineDeadline?.toISOString() ?? null,
          deferredTransfer: terms.deferredTransfer,
          captchaPassed: captcha.passed,
          invoicing: offer.invoicing,
          language: contentLanguageOf(input.language, event.contentLanguages),
        });
        const { events, languageChanged, settlement, tickets, payOnline, releaseInFlight } = confirmation;
        if (payOnline) return { result: payOnline };
        if (releaseInFlight) return { result: 'RELEASE_IN_FLIGHT' as const };
        if (events.length === 0 || !settlement) return { result: false as const }; // confirmed before: nothing changes
        const metadata = provenance(this.options.ids.uuid(), input.actor, now, input.reservationId);
        const result = events.some((e) => e.data.status === 'FINALIZING') ? ('FINALIZING' as const) : ('CONFIRMED' as const);
        const pass = await this.passes.issueFor(state, tickets, now);
        return { result, append: () => recordSettlement(this.desk, { state, revision, unrecorded, events: languageChanged ? [languageChanged, ...events] : events, settlement, tickets, pass }, metadata) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}

/** The buyer's captcha answer, checked at most once per call (undefined: not yet; null: not asked). */
interface Captcha {
  passed?: boolean | null;
}

/**
 * Reference 21: the captcha is checked on a free order, or one paid by bank transfer or on site, when the event asks
 * for it and a key is configured; a card or redirect payment never (its widget is not shown with those methods).
 */
function captchaAsked(state: OpenedReservation, eventAsks: boolean, paymentProxy: string | null, siteKey: string | null): boolean {
  if (!eventAsks || siteKey === null) return false;
  return !state.price.requiresPayment || paymentProxy === 'OFFLINE' || paymentProxy === 'ON_SITE';
}

/** The provider proxies among the offered methods, once each. */
function onlineProxiesOf(methods: Record<string, { paymentProxy: string }>): OnlineProxy[] {
  return [...new Set(Object.values(methods).map((m) => m.paymentProxy))].filter(isOnlineProxy);
}
