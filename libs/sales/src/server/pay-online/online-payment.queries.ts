import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@ticketing/event-store';
import { OnlinePayments, isOnlineProxy, type OnlineProxy } from '@ticketing/payments/contracts';
import { reservationStreamId, type PaymentStarted } from '@ticketing/sales/domain';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { OnlineCheckout, type CheckedAttempt } from './online-checkout.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { ReservationLog } from '../reservation/reservation-stream.js';

/** Reads of the payment calls: which provider takes a method for an order, and an order's latest attempt of a method. */
@Injectable()
export class OnlinePaymentQueries {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly offers: PurchaseOffers,
    private readonly checkout: OnlineCheckout,
    private readonly payments: OnlinePayments,
    private readonly reservations: ReservationLog,
  ) {}

  /** The provider the order's purchase context pays this method with; null when none takes it, undefined for no such order. */
  async proxyFor(reservationId: string, method: string): Promise<OnlineProxy | null | undefined> {
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE') return undefined;
    const now = this.options.clock.now();
    const offer = await this.offers.forReservation(state, now);
    const proxy = offer ? this.checkout.methods(offer, now)[method]?.paymentProxy : undefined;
    return isOnlineProxy(proxy) ? proxy : null;
  }

  /** The language the order was made in (its texts' language where a call carries none); English for no such order. */
  async languageOf(reservationId: string): Promise<string> {
    const { state } = await this.reservations.load(reservationId);
    return state.status === 'NONE' ? 'en' : state.language;
  }

  /**
   * The order's latest attempt of this method, as recorded; an open one is first checked with the provider
   * when the browser polls (a webhook that never comes does not leave the buyer waiting): `answered` says whether
   * the provider was reached.
   */
  async latestAttempt(reservationId: string, method: string, actor: string): Promise<CheckedAttempt | null> {
    const events = await this.store.readStream(reservationStreamId(reservationId));
    const started = events.filter((e) => e.type === 'PaymentStarted' && (e.data as PaymentStarted['data']).method === method).at(-1);
    if (!started) return null;
    const { attemptId } = started.data as PaymentStarted['data'];
    const attempt = await this.payments.attempt(attemptId);
    if (!attempt) return null;
    if (attempt.status === 'SUCCEEDED' || attempt.status === 'FAILED' || attempt.status === 'ABANDONED' || attempt.status === 'MISMATCHED') {
      await this.checkout.follow(attempt, actor);
      return { attempt, answered: false };
    }
    return (await this.checkout.check(reservationId, actor)) ?? { attempt, answered: false };
  }
}
