import { IssuedTickets } from '@ticketing/ticketing/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { OnlinePayments } from '@ticketing/payments/contracts';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import type { EventStore } from '@ticketing/event-store';
import { NotFoundError } from '@ticketing/kernel';
import type { OpenedReservation, ReservationState } from '@ticketing/sales/domain';
import { reservationInfo } from './reservation-info.js';
import { subscriptionPurchaseOf } from '../purchase-context/subscription-purchase.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import type { ReservationInfo, ReservationStatusInfo } from './reservation-info.views.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { ReservationLog } from '../reservation/reservation-stream.js';

/** A reservation the buyer can still see: cancelled and expired ones are gone (404), as alf.io deletes them. */
export type VisibleStatus = 'PENDING' | 'EXTERNAL_PROCESSING_PAYMENT' | 'WAITING_EXTERNAL_CONFIRMATION' | 'OFFLINE_PAYMENT' | 'DEFERRED_OFFLINE_PAYMENT' | 'FINALIZING' | 'COMPLETE';
export type VisibleReservation = OpenedReservation & { readonly status: VisibleStatus };

const VISIBLE: readonly ReservationState['status'][] = [
  'PENDING',
  'EXTERNAL_PROCESSING_PAYMENT',
  'WAITING_EXTERNAL_CONFIRMATION',
  'OFFLINE_PAYMENT',
  'DEFERRED_OFFLINE_PAYMENT',
  'FINALIZING',
  'COMPLETE',
] satisfies VisibleStatus[];

export function isVisible(state: ReservationState): state is VisibleReservation {
  return VISIBLE.includes(state.status);
}

/**
 * Reads of one reservation, from its own stream (a handful of events): always what the last command wrote,
 * with no projection to wait for, and with the buyer's details decrypted from the personal data.
 */
@Injectable()
export class ReservationQueries {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly offers: PurchaseOffers,
    private readonly payments: OnlinePayments,
    private readonly tickets: IssuedTickets,
    private readonly passes: SubscriptionPasses,
    private readonly reservations: ReservationLog,
  ) {}

  async info(reservationId: string): Promise<ReservationInfo> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state)) throw new NotFoundError('reservation', reservationId);
    const now = this.options.clock.now();
    const [offer, subscription] = await Promise.all([this.offers.forReservation(state, now), subscriptionPurchaseOf(this.offers, this.passes, state, now)]);
    if (!offer) throw new NotFoundError('event', state.eventShortName);
    const issued = await this.tickets.ofReservation(reservationId);
    return reservationInfo(reservationId, state, offer, now, this.payments.methodsFor(offer.organizer, offer.event.allowedPaymentProxies), issued, subscription, this.options.recaptchaSiteKey);
  }

  /** The event a reservation belongs to: a visible one only, unless `includeEnded` (cancelled and expired ones too); null when unknown. */
  async eventOf(reservationId: string, { includeEnded = false } = {}): Promise<string | null> {
    const { state } = await this.reservations.load(reservationId);
    if (state.status === 'NONE') return null;
    return isVisible(state) || includeEnded ? state.eventShortName : null;
  }

  /** The descriptor a visible pass's order buys; null for an event's order or an unknown one. */
  async descriptorOf(reservationId: string): Promise<string | null> {
    const { state } = await this.reservations.load(reservationId);
    return isVisible(state) ? (state.opened.purchaseContext?.descriptorId ?? null) : null;
  }

  /**
   * The status of a visible reservation of this event (`event`: an order of its tickets) or of this pass
   * (`subscription`: an order of the pass); null when it is unknown, gone, or another purchase's.
   */
  async statusIn(type: 'event' | 'subscription', publicIdentifier: string, reservationId: string): Promise<{ status: VisibleStatus; validatedBookingInformation: boolean } | null> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state)) return null;
    const context = state.opened.purchaseContext;
    const ours = type === 'subscription' ? context?.descriptorId === publicIdentifier.toLowerCase() : !context && state.eventShortName === publicIdentifier;
    return ours ? { status: state.status, validatedBookingInformation: state.validated } : null;
  }

  async status(reservationId: string): Promise<ReservationStatusInfo> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state)) throw new NotFoundError('reservation', reservationId);
    const pass = state.opened.purchaseContext;
    const purchaseContext = pass ? { type: 'subscription' as const, publicIdentifier: pass.descriptorId } : { type: 'event' as const, publicIdentifier: state.eventShortName };
    return { status: state.status, validatedBookingInformation: state.validated, purchaseContext };
  }
}
